/**
 * Add QR Code Image once the checkout is done: a payload no QR code holds at the chosen level is
 * said in the JSON, and the item stays the checkout that was made (thrown, it read as failed with
 * outcome `unknown` for a checkout the service had answered).
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { withQrCode } from '../../../../nodes/Pay/actions/qrCodeImage';

const context = {
	getNode: () => ({ name: 'Pay', type: 'n8n-nodes-pay.pay', typeVersion: 1 }),
	helpers: {
		prepareBinaryData: async (data: Buffer, fileName: string, mimeType: string) => ({
			data: data.toString('base64'),
			fileName,
			mimeType,
		}),
	},
} as unknown as IExecuteFunctions;

const asked = { field: 'qrCode', format: 'png' as const, level: 'H' as const, pixelsPerModule: 2 };

describe('Add QR Code Image after the checkout', () => {
	it('a payload too long for the level keeps the checkout and says why there is no image', async () => {
		const answer = { slug: 'abc123', state: 'in_process', qr_value: '0'.repeat(1273 * 3) };
		const result = await withQrCode(context, asked, answer, 'qr_value', 'abc123');
		expect(result).toMatchObject({
			...answer,
			qr_code_missing: expect.stringContaining('qr_value'),
		});
		expect(JSON.stringify(result)).toContain('Error Correction Level');
	});

	it('a payload that fits is drawn as the file, with the JSON unchanged', async () => {
		const answer = { slug: 'abc123', qr_value: '00020101021226' };
		const result = (await withQrCode(context, asked, answer, 'qr_value', 'abc123')) as unknown as {
			json: object;
			binary: Record<string, { fileName: string }>;
		};
		expect(JSON.stringify(result)).not.toContain('qr_code_missing');
		expect(JSON.stringify(result)).toContain('abc123-qr.png');
	});
});
