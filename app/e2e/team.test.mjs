// Issue 13: the team in the browser, desktop and mobile. The owner invites a colleague (the
// email with its link reaches the outbox), resends and revokes the invitation, and an invite to a
// registered email is marked on the form; the mobile side menu's profile block opens the account.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  choose,
  DESKTOP,
  fillPersonalDetails,
  hydrated,
  latestCode,
  launchBrowser,
  logInWithSms,
  MOBILE,
  openPersonalAccount,
  reopen,
  startBank,
  typeCode,
  verifyIdentity,
  verifyPhone,
  watch,
  expectAccessible,
  switchProfile,
} from "./bank.mjs";

const OLIVIA = ["olivia@demo.harbour.example", "Harbour2026", "+447700900001"];

let bank;
let browser;

before(async () => {
  [bank, browser] = await Promise.all([startBank({ BANK_SANDBOX_REVIEW_MS: "100" }), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  bank?.stop();
});

/** The outbox page's text for `to`, with the HTML escapes of the link undone. */
async function outbox(to) {
  const html = await (await fetch(`${bank.url}/dev/outbox?to=${encodeURIComponent(to)}`)).text();
  return html.replaceAll("&#x2f;", "/").replaceAll("&amp;", "&");
}

async function fillInvite(page, name, email, position) {
  await page.fill("input[name=name]", name);
  await page.fill("input[name=email]", email);
  await page.check(`input[name=position][value=${position}]`);
  await page.check("input[name=agreement]");
  await page.click("button:text('Send invitation')");
}

/** The invitee's way in from the emailed link: login, personal details, phone, identity; ends
 * on the dashboard, hydrated. */
async function join(page, link, email, phone) {
  await page.goto(`${bank.url}${link}`);
  await page.waitForSelector("text=Bennett & Hale Trading Ltd invited you to join its team");
  await hydrated(page);
  await page.click("a:text('Create your login')");
  await page.waitForSelector("h1:text('Account Registration')");
  await hydrated(page);
  assert.equal(await page.inputValue("input[name=email]"), email);
  await page.click("button[type=submit]");
  await page.waitForSelector("h1:text('Email Verification')");
  await typeCode(page, await latestCode(bank, email));
  await page.waitForSelector("h1:text('Password')");
  await page.fill("input[name=password]", "harbour2026");
  await page.fill("input[name=confirm]", "harbour2026");
  // An invited colleague accepts the bank's policies to join.
  await page.click("button[type=submit]");
  await page.waitForSelector("text=Field is required");
  await page.check("input[name=acceptPolicies]");
  await page.click("button[type=submit]");
  // The invited-user controller leads to the personal details.
  await page.waitForURL(`${bank.url}/invite-onboarding/user`);
  await hydrated(page);
  // The invited set's pages pass axe as the other sets' do (a11y.test).
  await expectAccessible(page, "/invite-onboarding/user");
  await fillPersonalDetails(page, "Carla", "Ruiz");
  await verifyPhone(page, bank, phone);
  await verifyIdentity(page, bank);
  await reopen(page, bank, "/controller", "/dashboard");
  await hydrated(page);
}

/** The owner invites `email` as `position` from client/details; answers the emailed link. */
async function invite(ownerPage, name, email, position) {
  await ownerPage.goto(`${bank.url}/client/details`);
  await hydrated(ownerPage);
  await ownerPage.click("button:text('Invite a team member')");
  await fillInvite(ownerPage, name, email, position);
  await ownerPage.waitForSelector(`.team-member:has-text('${email}') >> text=Invitation pending`);
  const link = /(\/accept-invite\?token=[A-Za-z0-9_-]+)/.exec(await outbox(email))?.[1];
  assert.ok(link, "the email carries the link");
  return link;
}

/** The code of the newest transfer approval texted to `phone`. */
async function transferCode(phone) {
  const html = await (await fetch(`${bank.url}/dev/outbox?to=${encodeURIComponent(phone)}`)).text();
  const match = /<pre class="outbox-body">Approve [^<]*? with code (\d{6})/.exec(html);
  if (!match) throw new Error(`no transfer approval was sent to ${phone}`);
  return match[1];
}

describe("the team", () => {
  it("invites, resends and revokes on the desktop", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const { problems } = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    await page.click("nav >> text=Your details");
    await page.waitForSelector("h2:text('Team')");
    await hydrated(page);
    await page.click("button:text('Invite a team member')");
    // A registered email is marked on the form (SPEC §8 email_taken_already).
    await fillInvite(page, "Tom Fischer", "tom@demo.harbour.example", "cfo");
    await page.waitForSelector("text=This email is already registered with us.");
    await page.fill("input[name=email]", "carl.price@example.com");
    await page.check("input[name=position][value=custom]");
    await page.click("button:text('Send invitation')");
    await page.waitForSelector("text=Position Other requires occupation");
    await choose(page, "occupationChoice", { startsWith: "Bookkeeper" });
    await page.check("input[name=agreement]");
    await page.click("button:text('Send invitation')");
    await page.waitForSelector(".team-member:has-text('carl.price@example.com') >> text=Invitation pending");
    assert.match(await outbox("carl.price@example.com"), /accept-invite\?token=/);
    const member = page.locator(".team-member", { hasText: "carl.price@example.com" });
    assert.ok(await member.locator("text=Bookkeeper · carl.price@example.com").isVisible());
    await member.locator("button:text('Resend')").click();
    await page.waitForSelector("text=Request was resent successfully");
    await member.locator("button:text('Revoke')").click();
    await page.waitForSelector(".team-member:has-text('carl.price@example.com')", { state: "detached" });
    // The two refusals above are the browser's own log of the 409 and 422 answers.
    assert.deepEqual(
      problems.filter((p) => !/^Failed to load resource: .*\((Conflict|Unprocessable Entity)\)$/.test(p)),
      [],
    );
    await context.close();
  });

  it("invites from the phone and opens the invitation", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const { problems } = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    await page.click("summary[aria-label='Menu']");
    // The side menu's profile block: initials, name and '{profile type} Account'.
    await page.waitForSelector(".side-menu-profile >> text=Business Account");
    await page.click(".side-menu-profile");
    await page.waitForURL(`${bank.url}/account`);
    await page.click("a:text('Invite a team member')");
    await page.waitForURL(`${bank.url}/account/users/invite`);
    await hydrated(page);
    await fillInvite(page, "Dana Cole", "dana.cole@example.com", "accountant");
    await page.waitForURL(`${bank.url}/account`);
    await page.click("a:text('Dana Cole')");
    await page.waitForURL(/\/account\/users\/invitation\/.+\/view$/);
    await page.waitForSelector("text=Accountant · dana.cole@example.com");
    await page.click("button:text('Revoke')");
    await page.waitForURL(`${bank.url}/account`);
    await page.waitForSelector("h2:text('Team')");
    assert.equal(await page.isVisible("text=dana.cole@example.com"), false);
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const [name, device] of [
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ]) {
    it(`an invited CFO joins from the emailed link and sees only what a CFO may (${name})`, async () => {
      const email = `cfo.${name}@example.com`;
      const owner = await browser.newContext(DESKTOP);
      const ownerPage = await owner.newPage();
      await logInWithSms(ownerPage, bank, ...OLIVIA);
      const link = await invite(ownerPage, "Carla Ruiz", email, "cfo");

      const context = await browser.newContext(device);
      const page = await context.newPage();
      const { problems } = watch(page);
      await join(page, link, email, name === "desktop" ? "+447700900311" : "+447700900312");
      if (name === "mobile") await page.click("summary[aria-label='Menu']");
      assert.ok(await page.isVisible("a:text('Recipients')"));
      assert.equal(await page.isVisible("a:text('Send money')"), false);
      assert.equal(await page.isVisible("a:text('Currency exchange')"), false);
      await page.goto(`${bank.url}/transfer/1`);
      await page.waitForURL(`${bank.url}/dashboard`);

      // The owner sees the CFO active, then removes them: the CFO's next page has no company.
      await ownerPage.reload();
      await ownerPage.waitForSelector(`.team-member:has-text('${email}') >> text=Active`);
      await hydrated(ownerPage);
      const member = ownerPage.locator(".team-member", { hasText: email });
      await member.locator("button:text('Change access')").click();
      // First a change: payments in full, then the access is removed.
      await member.getByRole("combobox", { name: "Accounts and payments" }).click();
      await member.getByRole("option", { name: "Full" }).click();
      await member.locator("button:text('Save access')").click();
      await member.locator("text=Access changed").waitFor();
      const rights = await page.evaluate(
        async () => (await (await fetch("/v2/session")).json()).accessRights,
      );
      assert.ok(rights.includes("transaction:rw"), "the change applies to the member's next call");
      await member.locator("button:text('Remove access')").click();
      await member.locator("button:text('Yes, remove')").click();
      await ownerPage.waitForSelector(`.team-member:has-text('${email}')`, { state: "detached" });
      const reply = await page.evaluate(
        async () =>
          (
            await fetch("/v2/bank-accounts/fetch", {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: "{}",
            })
          ).status,
      );
      assert.equal(reply, 403);
      assert.deepEqual(
        problems.filter((p) => !/^Failed to load resource: .*\(Forbidden\)$/.test(p)),
        [],
      );
      await context.close();
      await owner.close();
    });
  }

  it("a colleague's transfer above the owner's threshold waits for and gets a second approval", async () => {
    const owner = await browser.newContext(DESKTOP);
    const ownerPage = await owner.newPage();
    await logInWithSms(ownerPage, bank, ...OLIVIA);
    const email = "dora.hale@example.com";
    const link = await invite(ownerPage, "Dora Hale", email, "director");
    // The owner's threshold: GBP transfers above £100.00 need a second approval.
    await ownerPage.fill("input[name=threshold-GBP]", "100");
    await ownerPage.click("button:text('Save approval rules')");
    await ownerPage.waitForSelector("text=Approval rules saved");

    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await join(page, link, email, "+447700900313");
    await page.goto(`${bank.url}/transfer/1`);
    await hydrated(page);
    await page.fill("input[name=amount]", "150");
    await page.click("button:text('Continue')");
    await page.fill("input[name=name]", "Acme Ltd");
    await page.fill("input[name=ukSortCode]", "200000");
    await page.fill("input[name=ukAccountNumber]", "55779911");
    await page.fill("input[name=details]", "Invoice 7");
    await page.click("button:text('Continue')");
    await page.waitForSelector("text=Total");
    await page.click("button:text('Approve and send')");
    await page.waitForSelector("text=Approve the transfer");
    await typeCode(page, await transferCode("+447700900313"));
    await page.waitForSelector("h1:text('Sent for approval')");
    // The maker sees it waiting, without a way to approve it.
    await page.goto(`${bank.url}/dashboard`);
    await page.waitForSelector(".pending-approvals >> text=Waiting for a colleague");

    const accounts = async () =>
      ownerPage.evaluate(
        async () =>
          (
            await (
              await fetch("/v2/bank-accounts/fetch", {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: "{}",
              })
            ).json()
          ).results,
      );
    await ownerPage.goto(`${bank.url}/dashboard`);
    await hydrated(ownerPage);
    const before = (await accounts()).find((a) => a.currency === "GBP");
    assert.equal(
      Math.round((before.balance.booked - before.balance.available) * 100) >= 15_020,
      true,
      "the money is held",
    );
    await ownerPage.waitForSelector(".pending-approvals >> text=£150.00 to Acme Ltd");
    await ownerPage.click(".pending-approvals >> button:text('Approve')");
    await ownerPage.waitForSelector(".pending-approvals >> text=We sent a code to your phone");
    await typeCode(ownerPage, await transferCode(OLIVIA[2]));
    await ownerPage.waitForSelector(".pending-approvals", { state: "detached" });
    const after = (await accounts()).find((a) => a.currency === "GBP");
    assert.equal(
      Math.round((before.balance.booked - after.balance.booked) * 100),
      15_020,
      "paid once, with the fee",
    );
    await context.close();
    await owner.close();
  });

  it("an existing customer accepts an invitation from the modal and switches to the company", async () => {
    const owner = await browser.newContext(DESKTOP);
    const ownerPage = await owner.newPage();
    await logInWithSms(ownerPage, bank, ...OLIVIA);
    const email = "late.joiner@example.com";
    await invite(ownerPage, "Lee Joiner", email, "accountant");
    // Lee opens a personal account of their own without the link, then finds the invitation.
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await openPersonalAccount(page, bank, email, "+447700900314");
    await page.waitForSelector(
      "dialog >> text=Bennett & Hale Trading Ltd invited you to join its team as Accountant.",
    );
    await page.click("dialog >> button:text('Accept')");
    await page.waitForSelector("dialog", { state: "detached" });
    // The company joins the profile switcher, which opens by itself.
    await page.waitForSelector("[aria-label='Profiles'] >> text=Bennett & Hale Trading Ltd");
    await switchProfile(page, "Bennett & Hale Trading Ltd");
    assert.equal((await page.textContent(".profile-button"))?.trim(), "Bennett & Hale Trading Ltd");
    await page.click("summary[aria-label='Menu']");
    assert.ok(await page.isVisible("a:text('Recipients')"), "an accountant reads payments");
    assert.equal(await page.isVisible("a:text('Send money')"), false, "but does not pay");
    await ownerPage.goto(`${bank.url}/client/details`);
    await ownerPage.waitForSelector(`.team-member:has-text('${email}') >> text=Active`);
    await context.close();
    await owner.close();
  });
});
