/**
 * A callback to a waiting Pay node (n8n calls `webhook()` with it): the callback secret first, then
 * the body, then what the operation waits for decides whether the execution goes on.
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { parseCallback } from '../../shared/callback/callbackEvent';
import { CallbackCredentials } from '../../shared/callback/credentialCache';
import { rawBodyOf, readCallbackBody } from '../../shared/callback/readCallbackBody';
import type { RawBodySource } from '../../shared/callback/readCallbackBody';
import {
	callbackSecretOf,
	carriesSecret,
	secretCarriedBy,
} from '../../shared/service/callbackSecret';
import { resumePaymentWait } from './resumePaymentWait';
import { resumeWithdrawalWait } from './resumeWithdrawalWait';
import { refuseCallback } from './waitAnswers';
import { readWait } from './waitRecord';
import type { WaitKind } from './waitRecord';

/** `kind`: what the node's operation waits for, none when it is not a waiting operation. */
export async function answerCallbackToWaitingRun(
	this: IWebhookFunctions,
	kind: WaitKind | undefined,
): Promise<IWebhookResponseData> {
	if (kind === undefined) return refuseCallback(this, 404, 'This Pay node waits for no callback');
	// Kept a few seconds, as the Pay Trigger keeps it: n8n's read costs it about 100 ms of CPU.
	const carried = secretCarriedBy(this.getQueryData() as Record<string, unknown>);
	const credentials = await new CallbackCredentials(this).readForSecret(carried);
	if (!carriesSecret(carried, callbackSecretOf(credentials)))
		return refuseCallback(this, 401, 'Missing or wrong callback secret');

	const headers = this.getHeaderData() as Record<string, unknown>;
	const reading = readCallbackBody(
		this.getBodyData(),
		await rawBodyOf(this.getRequestObject() as RawBodySource),
		String(headers['content-type'] ?? ''),
	);
	if (!reading.ok) return refuseCallback(this, 400, reading.problem);
	const parsed = parseCallback(reading.body);
	if (!parsed.ok) return refuseCallback(this, 400, parsed.problem);
	const waitingFor = readWait(this, kind);
	if (kind === 'payment')
		return await resumePaymentWait(this, parsed.event, waitingFor, credentials);
	return resumeWithdrawalWait(this, parsed.event, waitingFor);
}
