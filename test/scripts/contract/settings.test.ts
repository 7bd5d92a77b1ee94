/** What the contract check is told, from arguments or the environment; no error shows a value. */
import { UsageError, readSettings } from '../../../scripts/contract/settings';

const ENV = {
	PAY_BASE_URL: 'https://sandbox.example.com/',
	PAY_API_KEY: 'key-from-env-0123456789',
	PAY_REFRESH_TOKEN: 'refresh-from-env-0123456789',
};

test('the environment gives what the arguments leave out; arguments win', () => {
	const settings = readSettings(['--api-key=key-from-args-0123456789', '--create'], ENV);
	expect(settings).toMatchObject({
		baseUrl: 'https://sandbox.example.com',
		apiKey: 'key-from-args-0123456789',
		refreshToken: 'refresh-from-env-0123456789',
		create: true,
		share: false,
		readings: ['spec', 'observed'],
	});
});

test('a missing value names its flag and variable', () => {
	expect(() => readSettings([], { ...ENV, PAY_REFRESH_TOKEN: '' })).toThrow(
		'Give --refresh-token (or set PAY_REFRESH_TOKEN).',
	);
});

test('a mistyped option or reading is refused without echoing any value', () => {
	const attempt = (argv: string[]) => {
		try {
			readSettings(argv, ENV);
		} catch (error) {
			expect(error).toBeInstanceOf(UsageError);
			return (error as Error).message;
		}
		return 'no error';
	};
	expect(attempt(['--api-kee', 'key-typed-0123456789'])).toBe('Unknown option --api-kee.');
	expect(attempt(['--expect', 'both-ways'])).toBe('--expect takes spec, observed or both.');
	expect(attempt(['--base-url', 'sandbox.example.com/secret-path'])).not.toContain('secret-path');
});
