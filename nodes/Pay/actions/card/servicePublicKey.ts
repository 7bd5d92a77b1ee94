/**
 * The service's public key, fetched once per execution however many items need it, and kept only
 * in the execution's cache (dropped with the execution).
 */
import type { KeyObject } from 'crypto';
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readPublicKey } from '../../helpers/rsaEncrypt';
import { onceForTheRun } from '../../execution/readParameter';
import type { OperationEnvironment } from '../types';

const CACHE_KEY = 'service-public-key';

export interface ServicePublicKey {
	pem: string;
	key: KeyObject;
}

export async function servicePublicKey(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
): Promise<ServicePublicKey> {
	// A failed fetch is not kept: the next item may try again.
	return await onceForTheRun(env, CACHE_KEY, () => fetchPublicKey(context, env, itemIndex));
}

async function fetchPublicKey(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
): Promise<ServicePublicKey> {
	const answer = (await env.request({
		method: 'GET',
		path: '/base/get_constants_key_public/',
		safety: 'read',
		action: "reading the service's public key",
		itemIndex,
	})) as IDataObject;
	const pem = (answer?.data as IDataObject | undefined)?.text_long_value;
	const key = typeof pem === 'string' ? readPublicKey(pem) : undefined;
	if (typeof pem !== 'string' || !key) {
		throw new NodeOperationError(env.node, "The service's public key could not be read", {
			itemIndex,
			description:
				'Expected a PEM RSA public key in data.text_long_value of GET /base/get_constants_key_public/. Nothing was encrypted or sent.',
		});
	}
	return { pem, key };
}
