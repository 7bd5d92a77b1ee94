/**
 * An example workflow as a user first sees it in n8n's editor, which fits the view to the
 * workflow on opening: where each node and sticky note lands, where the canvas's own buttons are
 * (zoom and fit bottom-left, Execute workflow bottom-centre, the panel buttons top-right: every
 * button on the canvas outside its nodes, found in the page, never a fixed place), and the lines
 * of each note as n8n draws them.
 */
// The functions handed to page.evaluate run in the browser: they need the DOM's types.
/// <reference lib="dom" />
import type { Page } from 'playwright-core';

export interface Box {
	left: number;
	top: number;
	right: number;
	bottom: number;
}

export interface CanvasItem {
	/** The node's id in the workflow (a sticky note is a node too). */
	id: string;
	/** The node's box and each piece of it that shows: its label, its handles, a note's text. */
	parts: Box[];
	/** For a sticky note: the lines of text n8n draws, and whether its text runs past its edge. */
	note?: { lines: number; cutOff: boolean };
}

export interface CanvasView {
	buttons: Array<{ label: string; box: Box }>;
	items: CanvasItem[];
}

/**
 * Opens a workflow and waits until its nodes are drawn and the view has stopped moving. The first
 * one loads the editor; the next ones go through the editor's own router, as its links do, so the
 * editor does not start again for each (over 10 s a workflow on a loaded machine).
 */
export async function openWorkflowCanvas(
	page: Page,
	url: string,
	nodeIds: string[],
): Promise<void> {
	const inEditor = new URL(page.url()).pathname.startsWith('/workflow/');
	if (!(inEditor && (await routeTo(page, url)))) await page.goto(url);
	await page.locator('.vue-flow__node').first().waitFor({ timeout: 60_000 });
	await editable(page);
	await closeProductionChecklist(page);
	const expected = [...nodeIds].sort().join(' ');
	const deadline = Date.now() + 20_000;
	let last = '';
	for (;;) {
		const now = await page.evaluate(() => {
			const pane = document.querySelector('.vue-flow__transformationpane') as HTMLElement | null;
			const ids = Array.from(document.querySelectorAll('.vue-flow__node'))
				.map((node) => node.getAttribute('data-id'))
				.sort();
			return `${ids.join(' ')}|${pane?.style.transform ?? ''}`;
		});
		if (now === last && now.startsWith(`${expected}|`)) return;
		if (Date.now() > deadline) throw new Error(`the canvas of ${url} did not settle: ${now}`);
		last = now;
		await page.waitForTimeout(250);
	}
}

/**
 * Waits until the canvas can be edited, so that its panel buttons show (measured before they do,
 * nothing could be found under them). n8n 2.41 locks a workflow to the last tab that edited it,
 * for a while after it closed, and may say so only after the canvas is drawn: taken over here.
 */
async function editable(page: Page): Promise<void> {
	const plus = page.locator('[data-test-id="node-creator-plus-button"]');
	const takeOver = page.getByRole('button', { name: 'Edit here' });
	for (const deadline = Date.now() + 30_000; !(await plus.isVisible());) {
		if (await takeOver.isVisible()) await takeOver.click();
		if (Date.now() > deadline) throw new Error(`the canvas of ${page.url()} stayed read-only`);
		await page.waitForTimeout(250);
	}
}

/** Whether the editor's router took the page to the URL. */
async function routeTo(page: Page, url: string): Promise<boolean> {
	const { pathname } = new URL(url);
	return await page.evaluate(async (path) => {
		type Router = { push(to: string): Promise<unknown> };
		const app = (document.querySelector('#app') as { __vue_app__?: unknown } | null)
			?.__vue_app__ as { config: { globalProperties: { $router?: Router } } } | undefined;
		const router = app?.config.globalProperties.$router;
		if (!router) return false;
		await router.push(path);
		return true;
	}, pathname);
}

/** n8n 2.41 opens its Production Checklist over a published workflow: closed, as a user would. */
async function closeProductionChecklist(page: Page): Promise<void> {
	const title = page.getByText('Production Checklist', { exact: true });
	if (!(await title.isVisible())) return;
	await title.locator('xpath=ancestor::*[.//button][1]').getByRole('button').first().click();
	await title.waitFor({ state: 'hidden', timeout: 5_000 });
}

/** Where the canvas's buttons and its items are, in the page's pixels. */
export async function canvasView(page: Page): Promise<CanvasView> {
	return { buttons: await canvasButtons(page), items: await canvasItems(page) };
}

/** Every button shown on the canvas, outside its nodes: the canvas's own controls. */
async function canvasButtons(page: Page): Promise<CanvasView['buttons']> {
	return await page.evaluate(() => {
		const boxOf = (element: Element) => {
			const { left, top, right, bottom } = element.getBoundingClientRect();
			return { left, top, right, bottom };
		};
		const canvas = boxOf(document.querySelector('.vue-flow') as Element);
		return Array.from(document.querySelectorAll('button'))
			.filter(
				(button) =>
					!button.closest('.vue-flow__node, .vue-flow__edges') &&
					button.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
			)
			.map((button) => ({
				label:
					button.getAttribute('data-test-id') ??
					button.getAttribute('aria-label') ??
					button.innerText.trim(),
				box: boxOf(button),
			}))
			.filter(
				({ box }) =>
					box.right > box.left &&
					box.left >= canvas.left &&
					box.right <= canvas.right &&
					box.top >= canvas.top &&
					box.bottom <= canvas.bottom,
			);
	});
}

/** Each node and note with all of it that shows; a note's lines of text as n8n draws them. */
async function canvasItems(page: Page): Promise<CanvasItem[]> {
	return await page.locator('.vue-flow__node').evaluateAll((nodes) =>
		nodes.map((node) => {
			// The node's own box and each piece drawn of it (label, handles, a note's text), not their
			// hull: a label wider than a handle leaves empty corners. Its toolbar shows on hover only.
			const leaves = Array.from(node.querySelectorAll('*')).filter(
				(part) =>
					part.childElementCount === 0 &&
					!part.closest('[data-test-id="canvas-node-toolbar"]') &&
					part.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
			);
			const parts = [node, ...leaves]
				.map((part) => part.getBoundingClientRect())
				.filter((box) => box.width > 0 || box.height > 0)
				.map(({ left, top, right, bottom }) => ({ left, top, right, bottom }));
			const sticky = node.querySelector('[data-test-id="sticky"]');
			if (!sticky) return { id: node.getAttribute('data-id') ?? '', parts };
			// Each text block holds as many lines as its height holds of its line height.
			const edge = sticky.getBoundingClientRect();
			const blocks = Array.from(
				sticky.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, p, li'),
			).filter((block) => !block.querySelector('h1, h2, h3, h4, h5, h6, p, li'));
			const lines = blocks.reduce(
				(sum, block) =>
					sum + Math.round(block.offsetHeight / parseFloat(getComputedStyle(block).lineHeight)),
				0,
			);
			const cutOff = blocks.some((block) => {
				const { bottom, right } = block.getBoundingClientRect();
				return bottom > edge.bottom || right > edge.right;
			});
			return { id: node.getAttribute('data-id') ?? '', parts, note: { lines, cutOff } };
		}),
	);
}

/** Which item sits under which button, as "<item> under <button>". */
export function itemsUnderButtons(view: CanvasView, nameOf: (id: string) => string): string[] {
	return view.items.flatMap((item) =>
		view.buttons
			.filter(({ box }) => item.parts.some((part) => overlap(part, box)))
			.map((button) => `${nameOf(item.id)} under ${button.label}`),
	);
}

function overlap(a: Box, b: Box): boolean {
	return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}
