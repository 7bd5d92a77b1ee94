/**
 * Add QR Code Image: a checkout's QR payload, or a payment page's address, drawn as a QR code (PNG
 * or SVG) by the package's own encoder (nodes/shared/qr/) and put in the item's binary data, for
 * n8n's Send Email, chat and file nodes. The JSON keeps the payload. No outside service sees it.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { QrCapacityError } from '../../shared/qr/dataCodewords';
import type { QrLevel } from '../../shared/qr/errorCorrection';
import { qrPng } from '../../shared/qr/png';
import { encodeQr } from '../../shared/qr/qrCode';
import { qrSvg } from '../../shared/qr/svg';
import { ItemWithFiles } from '../execution/itemOutput';
import type { ItemResult } from '../execution/itemOutput';
import { readParameter } from '../execution/readParameter';
import { readRequiredText, readWholeNumber, readYesNo, shownValue } from '../helpers/fieldInput';
import { inputError } from '../helpers/inputError';
import type { OperationEnvironment } from './types';

export { qrCodeProperties } from './qrCodeFields';

export interface QrCodeAsked {
	field: string;
	format: 'png' | 'svg';
	level: QrLevel;
	pixelsPerModule: number;
}

/** What the item asks for, read before anything is sent (a wrong option sends nothing). */
export function readQrCodeAsked(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
): QrCodeAsked | undefined {
	const { node } = env;
	const read = (name: string, fallback: unknown) =>
		readParameter(context, env, name, itemIndex, fallback as string);
	if (!readYesNo(node, itemIndex, 'Add QR Code Image', read('addQrCode', false))) return undefined;
	const options = read('qrCodeOptions', {}) as unknown as IDataObject;
	const field = readRequiredText(
		node,
		itemIndex,
		'Put Output File in Field',
		read('qrCodeField', 'qrCode'),
	);
	const level = options.errorCorrectionLevel ?? 'M';
	if (!['L', 'M', 'Q', 'H'].includes(level as string))
		throw inputError(
			node,
			itemIndex,
			'Error Correction Level',
			`must be L, M, Q or H, got ${shownValue(level)}`,
		);
	const format = options.imageFormat ?? 'png';
	if (format !== 'png' && format !== 'svg')
		throw inputError(
			node,
			itemIndex,
			'Image Format',
			`must be png or svg, got ${shownValue(format)}`,
		);
	const pixelsPerModule = readWholeNumber(
		node,
		itemIndex,
		'Pixels per Module',
		options.pixelsPerModule ?? 8,
		1,
		40,
	);
	return { field, format, level: level as QrLevel, pixelsPerModule };
}

/**
 * The output with the QR code of its `payloadField` in its binary data, named after the slug.
 * The service's answer is already in hand and the checkout stands: a payload missing, or too long
 * for a QR code at the level, is said in the JSON, never thrown (the item would read as failed).
 */
export async function withQrCode(
	context: IExecuteFunctions,
	asked: QrCodeAsked | undefined,
	output: IDataObject,
	payloadField: string,
	slug: string,
): Promise<ItemResult> {
	if (asked === undefined) return output;
	const payload = output[payloadField];
	if (typeof payload !== 'string' || payload === '')
		return {
			...output,
			qr_code_missing: `The answer has no ${payloadField}: no QR code image was made`,
		};
	const image = drawQrCode(context, asked, payload);
	if (typeof image === 'string')
		return {
			...output,
			qr_code_missing: `No QR code image was made of ${payloadField}: ${image}. Choose a lower Error Correction Level (QR Code Options)`,
		};
	const binary = await context.helpers.prepareBinaryData(
		image,
		`${slug}-qr.${asked.format}`,
		asked.format === 'png' ? 'image/png' : 'image/svg+xml',
	);
	return new ItemWithFiles(output, { [asked.field]: binary });
}

/** The image of `payload`, or why no QR code holds it at the level. */
function drawQrCode(
	context: IExecuteFunctions,
	asked: QrCodeAsked,
	payload: string,
): Buffer | string {
	try {
		const code = encodeQr(payload, { level: asked.level });
		const size = { pixelsPerModule: asked.pixelsPerModule };
		return asked.format === 'png' ? qrPng(code, size) : Buffer.from(qrSvg(code, size), 'utf8');
	} catch (error) {
		if (error instanceof QrCapacityError) return error.message;
		throw new NodeOperationError(context.getNode(), error as Error);
	}
}
