/**
 * A visitor chats with the assistant: the widget's states and rules (SPEC §2, §4, §5, §8) at phone
 * and desktop sizes, against the scripted chat endpoints of tests/support/fake-chat-api.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { austinOffice, company, marbleFallsOffice } from '../../src/business';
import { telHref } from '../../src/lib/phone';
import { htmlReply, installFakeChatApi, offeredQuickResponses } from '../support/fake-chat-api';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const launcher = (page: Page) => page.getByRole('button', { name: /^Open chat/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'AI' });
const input = (page: Page) => page.getByRole('textbox', { name: 'Type your message' });
const messages = (page: Page) => panel(page).getByRole('list', { name: 'Messages' }).getByRole('listitem');
const expandBar = (page: Page) => page.getByRole('button', { name: /^Click to expand/ });
const ratingDialog = (page: Page) => page.getByRole('dialog', { name: 'How was your experience?' });
const failureText = `I'm having trouble connecting right now. Please text us directly at ${austinOffice.phone} or call for immediate assistance.`;

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}

async function openChat(page: Page): Promise<void> {
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
}

async function send(page: Page, text: string): Promise<void> {
  await input(page).fill(text);
  await input(page).press('Enter');
}

/** Counts oscillators started, i.e. notification tones played (two notes each). */
async function countTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number };
    w.__tones = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
      w.__tones += 1;
      return original.call(this);
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number }).__tones);

test.describe('the launcher', () => {
  test('loads no chat code until the visitor uses the launcher', async ({ page }) => {
    await installFakeChatApi(page);
    const scripts: string[] = [];
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
    await page.goto('/');
    await expect(launcher(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /\/_astro\/(mount|react|client)\./.test(s))).toEqual([]);
    // Even the launchers' own scripts are requested only after the first paint.
    const timing = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      launchers: performance.getEntriesByType('resource').filter((e) => /ChatLauncherScript|SchedulerLauncher/.test(e.name)).map((e) => e.startTime),
    }));
    expect(timing.launchers).toHaveLength(2);
    for (const requested of timing.launchers) expect(requested).toBeGreaterThanOrEqual(timing.painted);
    await launcher(page).click();
    await expect(panel(page)).toBeVisible();
    expect(scripts.some((s) => /\/_astro\/mount\./.test(s))).toBe(true);
  });

  test('is on public pages but not on admin pages', async ({ page }) => {
    await page.goto('/plumber-kyle');
    await expect(launcher(page)).toBeVisible();
    await page.goto('/admin/chatbot');
    await expect(page.locator('[data-chat-launcher]')).toHaveCount(0);
  });

  test('stays hidden when the page shows no phone numbers', async ({ page }) => {
    await page.route((url) => url.pathname === '/faq', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replaceAll('data-phone=', 'data-no-phone=') });
    });
    await page.goto('/faq');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-chat-launcher]')).toBeHidden();
  });

  test('closed state has no axe violations', async ({ page }) => {
    await page.goto('/');
    await expect(launcher(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('opening the chat', () => {
  test('opens the panel with the AI header, online indicator and a greeting listing the help topics', async ({ page, isMobile }) => {
    await installFakeChatApi(page);
    await page.goto('/water-heater-services');
    await openChat(page);
    await expect(launcher(page)).toBeHidden();
    await expect(panel(page).getByRole('heading', { name: 'AI' })).toBeVisible();
    await expect(panel(page).getByText('Online', { exact: true })).toBeVisible();
    await expect(messages(page)).toHaveCount(1);
    for (const topic of ['Water heater questions', 'Pricing estimates', 'Scheduling', 'Emergency info', 'Common issues']) {
      await expect(messages(page).first()).toContainText(topic);
    }
    await expect(messages(page).first()).toContainText(company.name);
    if (isMobile) {
      await expect(panel(page)).toBeFocused();
      await expect(panel(page).locator('[data-chat-path]')).toContainText('/water-heater-services');
    } else {
      await expect(input(page)).toBeFocused();
      await expect(panel(page).locator('[data-chat-path]')).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  });

  test('by keyboard: Enter on the launcher opens it, Escape minimizes, closing returns focus to the launcher', async ({ page }) => {
    await installFakeChatApi(page);
    await page.goto('/');
    await launcher(page).focus();
    await page.keyboard.press('Enter');
    await expect(panel(page)).toBeVisible();
    await input(page).focus();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(expandBar(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel(page)).toBeVisible();
    await panel(page).getByRole('button', { name: 'Close chat' }).click();
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
  });

  test('desktop: a 24rem × 600px panel at the bottom right; phone: a near-full-height bottom sheet', async ({ page, isMobile }) => {
    await installFakeChatApi(page);
    await page.goto('/');
    await openChat(page);
    const box = (await panel(page).boundingBox())!;
    const viewport = page.viewportSize()!;
    if (isMobile) {
      expect(box.width).toBe(viewport.width);
      expect(box.y + box.height).toBeCloseTo(viewport.height, 0);
      expect(box.height).toBeGreaterThan(viewport.height - 60);
      await expect(panel(page).getByRole('button', { name: 'Minimize chat' })).toBeVisible();
      await expect(panel(page).getByRole('button', { name: 'Clear chat' })).toBeVisible();
    } else {
      expect(box.width).toBe(384);
      expect(box.height).toBe(600);
      expect(viewport.width - (box.x + box.width)).toBe(16);
      expect(viewport.height - (box.y + box.height)).toBe(16);
      await expect(panel(page).getByRole('button', { name: 'Clear chat' })).toHaveCount(0);
    }
  });
});

test.describe('sending messages', () => {
  test('Enter sends, Shift+Enter adds a line; the reply is announced politely', async ({ page }) => {
    const calls = await installFakeChatApi(page);
    await page.goto('/drain-cleaning');
    await openChat(page);
    await input(page).fill('First line');
    await input(page).press('Shift+Enter');
    await input(page).pressSequentially('second line');
    await expect(input(page)).toHaveValue('First line\nsecond line');
    expect(calls).toHaveLength(0);
    await input(page).press('Enter');
    await expect(messages(page)).toHaveCount(3);
    await expect(messages(page).nth(1)).toContainText('First line\nsecond line');
    await expect(messages(page).nth(2)).toContainText('Reply to: First line');
    await expect(input(page)).toHaveValue('');
    await expect(page.locator('[aria-live="polite"][data-chat-announcer]')).toHaveText('AI: Reply to: First line\nsecond line');
    expect(calls[0]!.body).toMatchObject({ pageContext: '/drain-cleaning', messages: [{ role: 'assistant' }, { role: 'user', content: 'First line\nsecond line' }] });
  });

  test('while sending, the input is disabled and the typing indicator shows', async ({ page, isMobile }) => {
    await installFakeChatApi(page, { slowMs: 1500 });
    await page.goto('/');
    await openChat(page);
    await send(page, 'A slow question');
    await expect(input(page)).toBeDisabled();
    await expect(panel(page).getByRole('status')).toHaveText(isMobile ? 'Typing...' : 'Thinking...');
    await expect(panel(page).getByRole('button', { name: 'Send message' })).toBeDisabled();
    await expect(messages(page).last()).toContainText('Reply to: A slow question');
    await expect(input(page)).toBeEnabled();
    await expect(panel(page).getByRole('status')).toHaveText('');
    if (!isMobile) await expect(input(page)).toBeFocused();
  });

  test('nothing is sent with empty text, and text stops at 500 characters', async ({ page }) => {
    const calls = await installFakeChatApi(page);
    await page.goto('/');
    await openChat(page);
    await expect(panel(page).getByRole('button', { name: 'Send message' })).toBeDisabled();
    await input(page).fill('   ');
    await input(page).press('Enter');
    await expect(panel(page).getByRole('button', { name: 'Send message' })).toBeDisabled();
    await input(page).fill('x'.repeat(510));
    await expect(input(page)).toHaveValue('x'.repeat(500));
    await expect(panel(page).getByText('500/500 characters')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  test('quick replies: six on desktop, the first three on a phone; a reply can replace them', async ({ page, isMobile }) => {
    const calls = await installFakeChatApi(page);
    await page.goto('/');
    await openChat(page);
    const chips = panel(page).getByRole('group', { name: 'Quick replies' }).getByRole('button');
    const labels = ['Emergency Service', 'Get Quote', 'Schedule Service', 'Water Heater Issue', 'Business Hours', 'Service Areas'];
    await expect(chips).toHaveText(isMobile ? labels.slice(0, 3) : labels);
    await chips.filter({ hasText: 'Get Quote' }).click();
    await expect(messages(page).nth(1)).toContainText("I'd like a free estimate for a plumbing job.");
    await expect(messages(page)).toHaveCount(3);
    await send(page, 'Show me chips');
    await expect(chips).toHaveText(offeredQuickResponses.map((q) => q.label));
    expect(calls.map((c) => c.path)).toEqual(['/api/chatbot', '/api/chatbot']);
  });

  test('assistant replies show as text, never as HTML; plain site paths become links', async ({ page }) => {
    await installFakeChatApi(page);
    await page.goto('/');
    await openChat(page);
    await send(page, 'html please');
    const reply = messages(page).nth(2);
    await expect(reply).toContainText('<img src=x onerror="window.__chatInjected=true"><b>Bold?</b>');
    await expect(reply.locator('img, b')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __chatInjected?: boolean }).__chatInjected)).toBeUndefined();
    await expect(reply.getByRole('link', { name: '/water-heater-services' })).toHaveAttribute('href', '/water-heater-services');
    expect(htmlReply).toContain('<img');
  });
});

test.describe('handoff and failures', () => {
  test('a reply with needsHandoff shows the Ready to Connect? card, which stays', async ({ page }) => {
    await installFakeChatApi(page);
    await page.goto('/');
    await openChat(page);
    await send(page, 'I want a person');
    const card = panel(page).getByRole('region', { name: 'Ready to Connect?' });
    await expect(card).toBeVisible();
    const text = card.getByRole('link', { name: `Text Us at ${austinOffice.phone}` });
    await expect(text).toHaveAttribute('href', /^sms:\+15123689159\?&body=Hi%2C%20I%20was%20chatting/);
    await expect(card.getByRole('link', { name: `Call ${austinOffice.phone}` })).toHaveAttribute('href', telHref(austinOffice.phone));
    await expect(card.getByRole('link', { name: marbleFallsOffice.phone })).toHaveAttribute('href', telHref(marbleFallsOffice.phone));
    await expectNoAxeViolations(page);
    await send(page, 'Thanks');
    await expect(messages(page).last()).toContainText('Reply to: Thanks');
    await expect(card).toBeVisible();
  });

  test('a failed request says how to reach us and shows the handoff card', async ({ page }) => {
    await installFakeChatApi(page);
    await page.goto('/');
    await openChat(page);
    await send(page, 'This will fail');
    await expect(messages(page).last()).toHaveText(`AI said: ${failureText}`);
    await expect(panel(page).getByRole('region', { name: 'Ready to Connect?' })).toBeVisible();
    await expect(input(page)).toBeEnabled();
  });

  test('the chat and its card use the numbers shown on the page', async ({ page }) => {
    await installFakeChatApi(page);
    await page.route((url) => url.pathname === '/', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll('(512) 368-9159', '(512) 555-0142').replaceAll('tel:+15123689159', 'tel:+15125550142');
      await route.fulfill({ response, body });
    });
    await page.goto('/');
    await openChat(page);
    await send(page, 'fail now');
    await expect(messages(page).last()).toContainText('text us directly at (512) 555-0142');
    await expect(panel(page).getByRole('link', { name: 'Call (512) 555-0142' })).toHaveAttribute('href', 'tel:+15125550142');
  });

  test('a reply that asks for the scheduler opens it and minimizes the chat', async ({ page }) => {
    await installFakeChatApi(page);
    await page.goto('/');
    await openChat(page);
    await send(page, 'Can I book a visit?');
    // The scheduler may take the screen before the reply can be read: check the reply once the chat is expanded again.
    await expect(page.getByRole('button', { name: 'Close scheduler' })).toBeVisible({ timeout: 15_000 });
    await expect(expandBar(page)).toBeVisible();
    await page.getByRole('button', { name: 'Close scheduler' }).click();
    await expandBar(page).click();
    await expect(messages(page).nth(2)).toContainText('Let me open our online scheduler for you.');
  });

  test('a reply that asks for the scheduler, when it cannot open, asks to call or refresh', async ({ page }) => {
    await installFakeChatApi(page);
    // The scheduler's code cannot load (offline, blocked): openScheduler resolves false.
    await page.route(/open-scheduler\.[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await openChat(page);
    await send(page, 'Can I book a visit?');
    await expect(messages(page).nth(2)).toContainText('Let me open our online scheduler for you.');
    await expect(messages(page).nth(3)).toContainText(`Please call us at ${austinOffice.phone}, or refresh the page and click 'Schedule Service'.`);
  });
});

test.describe('minimized, closed and unread', () => {
  test('minimize shows Click to expand with the count of new messages; a reply chimes; expanding resets it', async ({ page }) => {
    await countTones(page);
    await installFakeChatApi(page, { slowMs: 1200 });
    await page.goto('/');
    await openChat(page);
    await send(page, 'slow one');
    await panel(page).getByRole('button', { name: 'Minimize chat' }).click();
    await expect(panel(page)).toBeHidden();
    await expect(expandBar(page)).toHaveText('Click to expand');
    await expect(expandBar(page)).toHaveAccessibleName('Click to expand 1 new message', { timeout: 5000 });
    await expect(page.locator('[data-chat-new-count]')).toContainText('1');
    expect(await tones(page)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await expandBar(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(messages(page).last()).toContainText('Reply to: slow one');
    await panel(page).getByRole('button', { name: 'Minimize chat' }).click();
    await expect(expandBar(page)).toHaveAccessibleName('Click to expand');
  });

  test('closing the minimized bar closes the widget', async ({ page }) => {
    await installFakeChatApi(page);
    await page.goto('/');
    await openChat(page);
    await panel(page).getByRole('button', { name: 'Minimize chat' }).click();
    await page.getByRole('button', { name: 'Close chat' }).click();
    await expect(expandBar(page)).toHaveCount(0);
    await expect(panel(page)).toHaveCount(0);
    await expect(launcher(page)).toBeVisible();
    await expect(launcher(page)).toBeFocused();
  });

  test('a reply that arrives while closed raises the unread badge and chimes; opening resets it', async ({ page }) => {
    await countTones(page);
    await installFakeChatApi(page, { slowMs: 1200 });
    await page.goto('/');
    await openChat(page);
    await send(page, 'slow answer please');
    await panel(page).getByRole('button', { name: 'Close chat' }).click();
    await expect(launcher(page)).toHaveAccessibleName('Open chat with our AI assistant, 1 new message', { timeout: 5000 });
    await expect(page.locator('[data-chat-unread]')).toHaveText('1');
    expect(await tones(page)).toBeGreaterThan(0);
    await launcher(page).click();
    await expect(messages(page).last()).toContainText('Reply to: slow answer please');
    await panel(page).getByRole('button', { name: 'Close chat' }).click();
    await expect(launcher(page)).toHaveAccessibleName('Open chat with our AI assistant');
    await expect(page.locator('[data-chat-unread]')).toBeHidden();
  });
});

test.describe('across pages and visits', () => {
  test('the conversation and the open panel follow the visitor to the next page', async ({ page }) => {
    await installFakeChatApi(page);
    await page.goto('/');
    await openChat(page);
    await send(page, 'Do you do /water-heater-services?');
    await expect(messages(page)).toHaveCount(3);
    await messages(page).nth(2).getByRole('link', { name: '/water-heater-services' }).click();
    await expect(page).toHaveURL(/\/water-heater-services$/);
    await expect(panel(page)).toBeVisible();
    await expect(messages(page)).toHaveCount(3);
    await expect(messages(page).nth(1)).toContainText('Do you do /water-heater-services?');
    await panel(page).getByRole('button', { name: 'Minimize chat' }).click();
    await page.goto('/faq');
    await expect(expandBar(page)).toBeVisible();
    await expect(launcher(page)).toBeHidden();
  });

  test('stores the conversation under chatbot_conversations with the SPEC fields', async ({ page }) => {
    await installFakeChatApi(page);
    await page.goto('/plumber-kyle');
    await openChat(page);
    await send(page, 'Hello');
    await expect(messages(page)).toHaveCount(3);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('chatbot_conversations')!));
    expect(Object.keys(stored).sort()).toEqual(['conversationId', 'lastActivity', 'messages', 'pageContext', 'rating', 'sessionId']);
    expect(stored.sessionId).toMatch(/^session_\d+_[a-z0-9]+$/);
    expect(stored.conversationId).toMatch(/^conv_\d+_[a-z0-9]+$/);
    expect(stored.pageContext).toBe('/plumber-kyle');
    expect(stored.rating).toBeNull();
    expect(Date.now() - stored.lastActivity).toBeLessThan(60_000);
    expect(stored.messages[1]).toMatchObject({ role: 'user', content: 'Hello' });
  });

  test('corrupt storage is discarded and a new conversation starts', async ({ page }) => {
    await installFakeChatApi(page);
    await page.addInitScript(() => localStorage.setItem('chatbot_conversations', '{"sessionId":"<script>'));
    await page.goto('/');
    await openChat(page);
    await expect(messages(page)).toHaveCount(1);
    await expect(messages(page).first()).toContainText('What can I help you with today?');
  });

  test('a conversation idle for over 30 minutes is replaced by a new one', async ({ page }) => {
    await installFakeChatApi(page);
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('chatbot_conversations', JSON.stringify({
        sessionId: 'session_1_oldsession', conversationId: 'conv_1_oldconversation',
        messages: [{ id: 'm1', role: 'user', content: 'An old question', timestamp: Date.now() - 40 * 60_000 }],
        lastActivity: Date.now() - 31 * 60_000, pageContext: '/', rating: null,
      }));
    });
    await page.goto('/');
    await openChat(page);
    await expect(messages(page)).toHaveCount(1);
    await expect(panel(page)).not.toContainText('An old question');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('chatbot_conversations')!));
    expect(stored.conversationId).not.toBe('conv_1_oldconversation');
  });

  test('a recent conversation continues', async ({ page }) => {
    await installFakeChatApi(page);
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('chatbot_conversations', JSON.stringify({
        sessionId: 'session_1_recentsession', conversationId: 'conv_1_recentconversation',
        messages: [{ id: 'm1', role: 'user', content: 'A recent question', timestamp: Date.now() - 60_000 }],
        lastActivity: Date.now() - 5 * 60_000, pageContext: '/', rating: null,
      }));
    });
    await page.goto('/');
    await openChat(page);
    await expect(messages(page)).toHaveCount(1);
    await expect(messages(page).first()).toContainText('A recent question');
  });
});

test.describe('clear, end and rate', () => {
  test('phone: Clear wipes the messages, the handoff card and storage, then greets again', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'Clear is in the phone sheet (SPEC §2)');
    await installFakeChatApi(page);
    await page.goto('/');
    await openChat(page);
    await send(page, 'I want a person');
    await expect(panel(page).getByRole('region', { name: 'Ready to Connect?' })).toBeVisible();
    const before = await page.evaluate(() => JSON.parse(localStorage.getItem('chatbot_conversations')!).conversationId);
    await panel(page).getByRole('button', { name: 'Clear chat' }).click();
    await expect(messages(page)).toHaveCount(1);
    await expect(messages(page).first()).toContainText('Pricing estimates');
    await expect(panel(page).getByRole('region', { name: 'Ready to Connect?' })).toHaveCount(0);
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem('chatbot_conversations')!));
    expect(after.conversationId).not.toBe(before);
    expect(after.messages).toHaveLength(1);
  });

  test('End Chat opens the modal rating dialog; a star records the rating and thanks the visitor', async ({ page }) => {
    const calls = await installFakeChatApi(page);
    await page.goto('/');
    await openChat(page);
    await panel(page).getByRole('button', { name: 'End Chat' }).click();
    await expect(ratingDialog(page)).toBeVisible();
    await expect(ratingDialog(page).getByRole('button', { name: /stars?$/ })).toHaveCount(5);
    await expect(ratingDialog(page).getByRole('button', { name: '1 star' })).toBeFocused();
    await expectNoAxeViolations(page);
    // Modal: Escape closes the dialog only, and focus returns to End Chat.
    await page.keyboard.press('Escape');
    await expect(ratingDialog(page)).toBeHidden();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'End Chat' })).toBeFocused();
    await panel(page).getByRole('button', { name: 'End Chat' }).click();
    await ratingDialog(page).getByRole('button', { name: '4 stars' }).click();
    await expect(ratingDialog(page)).toBeHidden();
    await expect(messages(page).last()).toContainText('Thank you for rating this chat 4 out of 5!');
    await expect.poll(() => calls.filter((c) => c.path === '/api/chatbot/end-conversation').map((c) => c.body)).toEqual([
      { conversationId: expect.stringMatching(/^conv_/), sessionId: expect.stringMatching(/^session_/), rating: 4 },
    ]);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('chatbot_conversations')!).rating)).toBe(4);
  });

  test('a failed rating is only logged: the visitor is still thanked', async ({ page }) => {
    await installFakeChatApi(page, { failEnd: true });
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto('/');
    await openChat(page);
    await panel(page).getByRole('button', { name: 'End Chat' }).click();
    await ratingDialog(page).getByRole('button', { name: '2 stars' }).click();
    await expect(messages(page).last()).toContainText('2 out of 5');
    await expect(panel(page).getByRole('region', { name: 'Ready to Connect?' })).toHaveCount(0);
    await expect.poll(() => errors.some((e) => e.includes('the rating was not recorded'))).toBe(true);
  });
});

test.describe('phone-only controls', () => {
  test('thumbs up and down on assistant messages send feedback; a failure is only logged', async ({ page, isMobile }) => {
    const calls = await installFakeChatApi(page, { failFeedback: isMobile });
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto('/');
    await openChat(page);
    const helpful = messages(page).first().getByRole('button', { name: 'Helpful', exact: true });
    if (!isMobile) {
      await expect(helpful).toHaveCount(0);
      return;
    }
    await helpful.click();
    await expect(helpful).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => calls.filter((c) => c.path === '/api/chatbot/feedback').length).toBe(1);
    expect(calls[0]!.body).toMatchObject({ messageId: expect.stringMatching(/^msg_/), conversationId: expect.stringMatching(/^conv_/), feedback: 'positive' });
    await messages(page).first().getByRole('button', { name: 'Not helpful' }).click();
    await expect(helpful).toHaveAttribute('aria-pressed', 'false');
    await expect(panel(page).getByRole('region', { name: 'Ready to Connect?' })).toHaveCount(0);
    await expect.poll(() => errors.filter((e) => e.includes('the feedback was not recorded')).length).toBe(2);
  });

  test('a failed upload says how to reach us and shows the handoff card', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the image picker is on phones only (SPEC §2)');
    await installFakeChatApi(page, { failUpload: true });
    await page.goto('/');
    await openChat(page);
    await panel(page).locator('[data-chat-image-input]').setInputFiles({ name: 'leak.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) });
    await input(page).fill('Here is the leak');
    await input(page).press('Enter');
    await expect(messages(page).nth(1)).toContainText('Here is the leak');
    await expect(messages(page).nth(2)).toHaveText(`AI said: ${failureText}`);
    await expect(panel(page).getByRole('region', { name: 'Ready to Connect?' })).toBeVisible();
  });

  test('an image is uploaded, then sent; other files are refused', async ({ page, isMobile }) => {
    const calls = await installFakeChatApi(page);
    await page.goto('/');
    await openChat(page);
    const attach = panel(page).getByRole('button', { name: 'Attach an image' });
    if (!isMobile) {
      await expect(attach).toHaveCount(0);
      return;
    }
    await expect(panel(page).locator('[data-chat-image-input]')).toHaveAttribute('accept', 'image/*');
    const chooser = page.waitForEvent('filechooser');
    await attach.click();
    await (await chooser).setFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(panel(page).getByRole('alert')).toContainText('Please choose an image file');
    await panel(page).locator('[data-chat-image-input]').setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64') });
    await expect(panel(page).locator('[data-chat-image-preview]')).toContainText('leak.png');
    await expect(panel(page).getByRole('button', { name: 'Send message' })).toBeEnabled();
    await panel(page).getByRole('button', { name: 'Send message' }).click();
    await expect(messages(page).nth(1)).toContainText("I've uploaded an image of my plumbing issue");
    await expect(messages(page).nth(1).getByRole('img', { name: 'The photo you sent' })).toHaveAttribute('src', /^\/api\/chatbot\/uploads\/fake-\d+\.png$/);
    await expect(messages(page).nth(2)).toContainText("Reply to: I've uploaded an image");
    expect(calls.map((c) => c.path)).toEqual(['/api/chatbot/upload-image', '/api/chatbot']);
    expect(calls[1]!.body).toMatchObject({ messages: [{}, { role: 'user', content: "I've uploaded an image of my plumbing issue", imageUrl: expect.stringMatching(/^\/api\/chatbot\/uploads\//) }] });
  });
});
