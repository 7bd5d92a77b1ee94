/**
 * Who may call back: a sender on the allow list (when there is one) carrying the credential's
 * callback secret (unless the user turned that off). Returns the refusal, or undefined to go on.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { callbackSecretOf, carriesSecret, secretCarriedBy } from '../shared/service/callbackSecret';
import { isAllowedSender, parseAllowList } from './senderAddress';
import { refuse } from './webhookAnswers';

export async function refusedAtTheGate(
	context: IWebhookFunctions,
	options: IDataObject,
	readCredentials: () => Promise<ICredentialDataDecryptedObject>,
	forgetCredentials: () => void,
): Promise<IWebhookResponseData | undefined> {
	if (!isAllowedSender(context.getRequestObject().ip, parseAllowList(options.allowedIps)))
		return refuse(context, 403, 'Sender address not allowed');
	if (options.requireSecret === false) return undefined;
	let secret = callbackSecretOf(await readCredentials());
	const carried = secretCarriedBy(context.getQueryData() as IDataObject);
	if (secret === '' || !carriesSecret(carried, secret)) {
		// Perhaps changed since it was kept: refused only against the credential as it is now.
		forgetCredentials();
		secret = callbackSecretOf(await readCredentials());
	}
	// Said plainly (in the answer and n8n's log): otherwise every callback is refused and nobody sees why.
	if (secret === '') {
		return refuse(
			context,
			401,
			'The credential has no Callback Secret, so no callback can be checked: set one in the credential (the Pay node adds it to the callback URLs it sends), or turn off Options → Require Callback Secret',
		);
	}
	if (!carriesSecret(carried, secret))
		return refuse(context, 401, 'Missing or wrong callback secret');
	return undefined;
}
