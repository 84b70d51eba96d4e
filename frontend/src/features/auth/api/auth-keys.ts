/** Query keys of the auth feature; everything under `all` is dropped on sign-out. */
export const authKeys = {
  all: ['auth'] as const,
  options: () => [...authKeys.all, 'options'] as const,
  me: (userId: string) => [...authKeys.all, 'me', userId] as const,
};
