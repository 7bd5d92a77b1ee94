/**
 * The callback URL of a waiting operation: this execution's resume URL (n8n's own, with the
 * signature n8n 2.14+ checks) plus the credential's Callback Secret, which the node checks itself,
 * on every n8n version, before it believes anything a callback says.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { withCallbackSecret } from '../../shared/service/callbackSecret';
import { readCallbackSecret } from '../helpers/credentialSettings';
import { inputError } from '../helpers/inputError';
import { onceForTheRun } from '../execution/onceForTheRun';
import type { OperationEnvironment } from '../execution/operationEnvironment';

export async function callbackToThisExecution(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
): Promise<string> {
	const secret = await readCallbackSecret(env, itemIndex);
	if (secret === undefined)
		throw inputError(
			env.node,
			itemIndex,
			'Callback Secret',
			"the credential has none, and without it the node cannot tell the service's callbacks from forged ones. Set a Callback Secret in the Pay API credential",
			'Callback Secret (in the credential)',
		);
	return await onceForTheRun(env, 'callback-to-this-execution', () => {
		const resumeUrl = context.getWorkflowDataProxy(0).$execution.resumeUrl as string;
		return withCallbackSecret(resumeUrl, secret);
	});
}
