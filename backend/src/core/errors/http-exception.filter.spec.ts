import { type FastifyRequest } from 'fastify';
import { DatabaseError } from 'pg';
import { Prisma } from '../../generated/prisma/client';
import { describeError } from './http-exception.filter';

const request = { method: 'POST', url: '/api/booking' } as FastifyRequest;

const busy = {
  status: 503,
  body: { error: 'The service is busy. Please try again in a moment.', code: 'database_busy' },
};

describe('describeError: contention in PostgreSQL', () => {
  it.each([
    [
      'a deadlock or write conflict in a Prisma transaction (P2034)',
      new Prisma.PrismaClientKnownRequestError(
        'Transaction failed due to a write conflict or a deadlock. Please retry your transaction',
        { code: 'P2034', clientVersion: 'test' },
      ),
    ],
    [
      'a Prisma transaction that ran out of its time (P2028)',
      new Prisma.PrismaClientKnownRequestError(
        'Transaction API error: Transaction already closed: A query cannot be executed on an expired transaction.',
        { code: 'P2028', clientVersion: 'test' },
      ),
    ],
    [
      'a deadlock on a statement sent straight to the pool (pg, 40P01)',
      Object.assign(new DatabaseError('deadlock detected', 0, 'error'), { code: '40P01' }),
    ],
    [
      'a serialization failure wrapped by the driver adapter',
      Object.assign(new Error('Raw query failed'), {
        cause: { originalCode: '40001', message: 'could not serialize access' },
      }),
    ],
  ])('answers %s 503 database_busy, not 500', (_name, error) => {
    expect(describeError(error, request)).toEqual(busy);
  });

  it('still answers 500 for an error that is not contention', () => {
    expect(describeError(new Error('boom'), request)).toEqual({
      status: 500,
      body: { error: 'Internal server error' },
    });
    expect(
      describeError(
        new Prisma.PrismaClientKnownRequestError('Unique constraint failed', {
          code: 'P2002',
          clientVersion: 'test',
        }),
        request,
      ).status,
    ).toBe(500);
  });
});
