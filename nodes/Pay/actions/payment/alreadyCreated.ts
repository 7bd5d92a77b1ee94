/** A creation whose idempotency key the service has seen: the object it made then stands. */
import type { IDataObject } from 'n8n-workflow';

import { meansAlreadyCreated } from '../../../shared/transport/failureMeaning';

export const ALREADY_CREATED = Symbol('already created');

/**
 * The service refuses a key it has seen: the object exists already (an earlier execution, n8n's
 * Retry of this one, a re-run with the same trigger data). Not a failure (the failure table's
 * `already_created`): nothing was created twice, and the items after it still go on.
 */
export async function sentOrEarlier(
	idempotencyKey: string,
	sending: Promise<unknown>,
): Promise<unknown> {
	return await sending.catch(async (error: unknown) => {
		if (meansAlreadyCreated(error)) return ALREADY_CREATED;
		return await Promise.reject(error);
	});
}

export function alreadyCreated(idempotencyKey: string): IDataObject {
	return {
		outcome: 'already_created',
		idempotency_key: idempotencyKey,
		message: `A payment object was already created with the idempotency key ${idempotencyKey}: nothing new was created`,
		hint: 'To create another one, give it a new Idempotency Key.',
	};
}
