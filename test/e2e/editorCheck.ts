/**
 * What a user does in n8n's editor with a Pay node at version 2: opens it, picks a saved card From
 * List (the list n8n loads from the node's searchCards), switches the payment to By URL and pastes
 * the payment page's link, and saves. Driven through the data-test-ids n8n's own editor tests use
 * for resource locators (the same in 2.8.4 and 2.41.1).
 */
import type { Locator, Page } from 'playwright-core';

export interface EditorCheck {
	workflowUrl: string;
	nodeName: string;
	/** The list entry to pick, as the Card field shows it. */
	cardName: string;
	paymentLink: string;
	/** Where to save a screenshot of the node's panel, once both are set. */
	screenshot?: string;
}

export async function pickCardAndPaymentInEditor(page: Page, check: EditorCheck): Promise<void> {
	await page.goto(check.workflowUrl);
	const node = page.locator('[data-test-id="canvas-node"]', { hasText: check.nodeName }).first();
	await node.waitFor({ timeout: 30_000 });
	// n8n 2.41 locks a workflow to the last tab that edited it, for a while after it closed.
	const takeOver = page.getByRole('button', { name: 'Edit here' });
	if (await takeOver.isVisible()) await takeOver.click();
	await node.dblclick();

	const card = page.locator('[data-test-id="resource-locator-cardUuid"]').first();
	await card.waitFor({ timeout: 15_000 });
	await card.locator('[data-test-id="rlc-input"]').first().click();
	const entry = page.locator('[data-test-id="rlc-item"]', { hasText: check.cardName }).first();
	await entry.waitFor({ timeout: 15_000 });
	await entry.click();
	await expectShown(card, check.cardName);

	const payment = page.locator('[data-test-id="resource-locator-slug"]').first();
	await payment.locator('[data-test-id="rlc-mode-selector"]').first().click();
	await page.locator('[data-test-id="mode-url"]').first().click();
	const input = payment.locator(
		'[data-test-id="rlc-input"] input, input[data-test-id="rlc-input"]',
	);
	await input.first().fill(check.paymentLink);
	await page.keyboard.press('Tab');
	// No issue under the field: the link ends with a payment slug.
	await page.waitForTimeout(500);
	const issues = await payment
		.locator('.el-form-item__error, [data-test-id="parameter-issues"]')
		.count();
	if (issues > 0) throw new Error('the editor flags the payment link as an issue');
	if (check.screenshot) await page.screenshot({ path: check.screenshot });

	await page.keyboard.press('Escape');
	await page.keyboard.press('Control+s');
	await page.waitForTimeout(1500);
}

/** The Card field shows the picked card by its list name. */
async function expectShown(field: Locator, name: string): Promise<void> {
	const deadline = Date.now() + 10_000;
	for (;;) {
		const values = await field
			.locator('input')
			.evaluateAll((inputs) =>
				inputs.map((input) => (input as unknown as { value: string }).value),
			);
		const text = await field.innerText();
		if (values.includes(name) || text.includes(name)) return;
		if (Date.now() > deadline)
			throw new Error(`the Card field shows ${JSON.stringify({ values, text })}, not "${name}"`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}
