/**
 * Who may call back: a sender on the allow list (when there is one) carrying the credential's
 * callback secret (unless the user turned that off). Returns the refusal, or undefined to go on.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { callbackSecretOf, carriesSecret, secretCarriedBy } from '../shared/service/callbackSecret';
import type { CallbackCredentials } from '../shared/callback/credentialCache';
import { isAllowedSender } from './senderAddress';
import type { TriggerOptions } from './triggerOptions';
import { refuse } from './webhookAnswers';

/** Said plainly (in the answer and n8n's log): else every callback is refused, nobody sees why. */
const NO_SECRET =
	'The credential has no Callback Secret, so no callback can be checked: set one in the ' +
	'credential (the Pay node adds it to the callback URLs it sends), or turn off Options → ' +
	'Require Callback Secret';

export async function refusedAtTheGate(
	context: IWebhookFunctions,
	options: TriggerOptions,
	credentials: CallbackCredentials,
): Promise<IWebhookResponseData | undefined> {
	if (!isAllowedSender(context.getRequestObject().ip, options.allowedIps))
		return refuse(context, 403, 'Sender address not allowed');
	if (!options.requireSecret) return undefined;
	const carried = secretCarriedBy(context.getQueryData() as IDataObject);
	const secret = callbackSecretOf(await credentials.readForSecret(carried));
	if (secret === '') return refuse(context, 401, NO_SECRET);
	if (!carriesSecret(carried, secret))
		return refuse(context, 401, 'Missing or wrong callback secret');
	return undefined;
}
