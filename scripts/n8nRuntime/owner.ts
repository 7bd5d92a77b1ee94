/**
 * The owner account of the local n8n, created through n8n's own setup
 * endpoint once the server is up.
 */
import { isRestApiAnswer } from './readiness';

export const LOCAL_OWNER = {
	email: 'owner@pay.sandbox',
	firstName: 'Pay',
	lastName: 'Sandbox',
	// n8n requires 8+ characters with a number and an upper-case letter.
	password: 'PaySandbox1',
};

/** Sets the owner up; does nothing when an owner exists already (a later start). */
export async function ensureOwner(baseUrl: string): Promise<'created' | 'existing'> {
	const response = await fetch(`${baseUrl}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(LOCAL_OWNER),
	});
	const text = await response.text();
	if (isRestApiAnswer(response)) return 'created';
	if (response.status === 400 && /already|setup/i.test(text)) return 'existing';
	throw new Error(`Owner setup failed (HTTP ${response.status}): ${text.slice(0, 300)}`);
}
