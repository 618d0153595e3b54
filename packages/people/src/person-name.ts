// A person's name as people write it: bounded, no control or invisible characters.

export const NAME_MAX_LENGTH = 60;

export function nameProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'a name is needed';
  const name = value.trim();
  if (name.length < 1 || name.length > NAME_MAX_LENGTH) return `a name is 1 to ${NAME_MAX_LENGTH} characters`;
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(name)) return 'a name cannot hold control or invisible characters';
  return null;
}
