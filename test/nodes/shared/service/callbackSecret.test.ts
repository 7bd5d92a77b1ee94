/**
 * The callback-secret contract: what the Pay node adds to a callback URL is what the Pay Trigger
 * looks for.
 */
import {
	CALLBACK_SECRET_PARAMETER,
	callbackSecretOf,
	carriesSecret,
	secretCarriedBy,
	withCallbackSecret,
} from '../../../../nodes/shared/service/callbackSecret';

const SECRET = 'cb-secret-0123456789';

/** The query a receiver of the URL reads, as n8n hands it to the trigger. */
const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('callback secret', () => {
	it('added by the Pay node, is found and accepted by the Pay Trigger', () => {
		const url = withCallbackSecret('https://n8n.example/webhook/pay?order=7', SECRET);
		expect(queryOf(url).order).toBe('7');
		expect(carriesSecret(secretCarriedBy(queryOf(url)), SECRET)).toBe(true);
	});

	it('replaces a secret already in the URL instead of adding a second one', () => {
		const url = withCallbackSecret(
			withCallbackSecret('https://n8n.example/webhook/pay', 'old-secret'),
			SECRET,
		);
		expect(new URL(url).searchParams.getAll(CALLBACK_SECRET_PARAMETER)).toEqual([SECRET]);
	});

	it('is refused when missing, wrong or empty', () => {
		expect(carriesSecret(secretCarriedBy(queryOf('https://n8n.example/webhook/pay')), SECRET)).toBe(
			false,
		);
		expect(carriesSecret('wrong', SECRET)).toBe(false);
		expect(carriesSecret('', '')).toBe(false);
	});

	it("reads the credential's secret, '' when unset or not text", () => {
		expect(callbackSecretOf({ callbackSecret: SECRET })).toBe(SECRET);
		expect(callbackSecretOf({})).toBe('');
		expect(callbackSecretOf({ callbackSecret: 42 as unknown as string })).toBe('');
	});
});
