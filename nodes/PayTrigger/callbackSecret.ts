import { createHash, timingSafeEqual } from 'crypto';

/**
 * Whether the callback carries the credential's secret. Both sides are hashed first so the
 * comparison takes the same time whatever the lengths, and a wrong guess teaches nothing.
 */
export function carriesSecret(received: unknown, expected: string): boolean {
	if (typeof received !== 'string' || received === '' || expected === '') return false;
	const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
	return timingSafeEqual(digest(received), digest(expected));
}
