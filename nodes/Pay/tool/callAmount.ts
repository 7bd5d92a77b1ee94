/**
 * The amount a money-moving call would move, to check it against the tool's maximum before sending.
 * Checkouts and card charges pay a payment link, whose amount is the link's own: it is read from
 * the service (a safe read), because an agent may have created the link itself, of any amount.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readPositiveAmount } from '../helpers/amount';
import { readSlug } from '../helpers/slug';
import { normalizePaymentObject } from '../../shared/service/paymentObject';
import type { OperationEnvironment } from '../execution/operationEnvironment';
import { readParameter } from '../execution/readParameter';
import type { MoneyMovement } from '../payOperation';

export async function readCallAmount(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
	money: MoneyMovement,
): Promise<number | undefined> {
	if ('field' in money.amountFrom) {
		const { name, label } = money.amountFrom.field;
		return readPositiveAmount(
			env.node,
			itemIndex,
			label,
			readParameter(context, env, name, itemIndex),
		);
	}
	const slug = readSlug(
		env.node,
		itemIndex,
		readParameter(context, env, money.amountFrom.paymentObject.name, itemIndex),
	);
	const answer = await env.request({
		method: 'GET',
		path: `/pay_detail/${encodeURIComponent(slug)}`,
		safety: 'read',
		action: 'reading the payment link to check its amount against the tool maximum',
		itemIndex,
	});
	const amount = (normalizePaymentObject(answer) as IDataObject).amount;
	return typeof amount === 'number' && Number.isFinite(amount) ? amount : undefined;
}
