/**
 * What the AI agent gets back from the Pay Tool: a refusal it can relay, or the operation's output
 * without anything secret. A model's context is logged, shown and sometimes sent on to others: card
 * data, tokens, OTPs and the callback secret have no place in it.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { mapJson } from '../execution/itemOutput';
import type { ItemResult } from '../execution/itemOutput';

/** Why a call was refused; stable values an author may branch on. */
export type RefusalReason =
	| 'not_available_to_agents'
	| 'money_not_allowed'
	| 'no_maximum_amount'
	| 'fixed_field_mapped'
	| 'fixed_value'
	| 'amount_unknown'
	| 'above_maximum'
	| 'recipient_not_allowed'
	| 'call_limit';

/**
 * A refusal is a normal item, not an error: the agent reads it as the tool's answer and can tell
 * the user, and the execution goes on. `sent: false` and `outcome: not_sent` say that nothing left.
 */
export function refusal(reason: RefusalReason, message: string): IDataObject {
	return { sent: false, outcome: 'not_sent', refused_by: 'pay_tool_settings', reason, message };
}

/** Fields whose values are card data, one-time passwords or credentials, by name. */
const SECRET_FIELD =
	/^(cvv|cvc|otp|pan|card_?number|number_card|expiry|expiration|exp_(month|year)|expiry_(month|year)|.*token.*|.*secret.*|.*password.*|api_?key|x-api-key|iai_card)$/i;

const CREDENTIAL_SECRETS = [
	'apiKey',
	'refreshToken',
	'accessToken',
	'sessionToken',
	'callbackSecret',
];

export const HIDDEN = '[hidden from the AI agent]';

/** The operation's output, secret fields left out and any credential secret in a text hidden. */
export function withoutSecrets(
	result: ItemResult,
	credentials: ICredentialDataDecryptedObject | undefined,
	alsoHidden: string[] = [],
): ItemResult {
	const secrets = [...CREDENTIAL_SECRETS.map((name) => credentials?.[name]), ...alsoHidden].filter(
		(value): value is string => typeof value === 'string' && value.length >= 4,
	);
	const clean = (value: unknown): unknown => {
		if (typeof value === 'string')
			return secrets.reduce((text, secret) => text.split(secret).join(HIDDEN), value);
		if (Array.isArray(value)) return value.map(clean);
		if (typeof value === 'object' && value !== null)
			return Object.fromEntries(
				Object.entries(value as IDataObject)
					.filter(([name]) => !SECRET_FIELD.test(name))
					.map(([name, inner]) => [name, clean(inner)]),
			);
		return value;
	};
	// An image in the binary data is the operation's own: only the JSON could carry a secret.
	return mapJson(result, (json) => clean(json) as IDataObject);
}
