import { isPublicApiPath, toProblem } from './problem-details';

describe('isPublicApiPath', () => {
  it.each([
    ['/api/v1', true],
    ['/api/v1/leads?limit=2', true],
    ['/api/v1/openapi.json', true],
    ['/api/v10/leads', false],
    ['/api/leads', false],
    ['/api/v1x', false],
  ])('%s → %s', (url, expected) => {
    expect(isPublicApiPath(url)).toBe(expected);
  });
});

describe('toProblem', () => {
  it('turns a coded error into a problem whose type ends with the code', () => {
    expect(
      toProblem(404, { error: 'Lead not found', code: 'lead_not_found' }, '/api/v1/leads/x'),
    ).toEqual({
      type: 'https://rafter.app/problems/lead_not_found',
      title: 'Not Found',
      status: 404,
      detail: 'Lead not found',
      code: 'lead_not_found',
      instance: '/api/v1/leads/x',
    });
  });

  it('names validation errors validation_failed and lists the fields', () => {
    expect(
      toProblem(400, { error: 'status: Invalid', fields: { status: 'Invalid' } }, '/api/v1/leads'),
    ).toMatchObject({
      type: 'https://rafter.app/problems/validation_failed',
      errors: { status: 'Invalid' },
    });
  });

  it('derives a code from the status for errors without one, and keeps extra fields', () => {
    expect(toProblem(405, { error: 'No', requiredScope: 'leads:read' }, '/api/v1')).toMatchObject({
      type: 'https://rafter.app/problems/method_not_allowed',
      title: 'Method Not Allowed',
      requiredScope: 'leads:read',
    });
  });
});
