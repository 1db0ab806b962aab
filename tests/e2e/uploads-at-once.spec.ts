/**
 * Decision 0258: the server reads a bounded amount of uploads at once. While slow senders hold all
 * of it, a visitor's form with a photo is answered at once with a clear "try again" message and
 * nothing is stored; once they are gone, the same form goes through. One sender holds at most two
 * places. Run on a server of its own, so the uploads held here slow no other test.
 */
import http from "node:http";
import { expect, test } from "@playwright/test";
import { startServer, type ExtraServer } from "./support/extra-server";
import { PHOTO } from "./support/files";

const BUSY = "We're receiving a lot of uploads right now. Please try again in a minute.";
const MB = 1024 * 1024;

interface HeldUpload {
  /** The server's answer, if it gives one before the upload is let go. */
  answer: Promise<number | null>;
  release(): void;
}

/**
 * A lead form with a photo, sent from `localAddress` as a very slow phone would: it says it holds
 * `bytes`, sends the start of its first part and then nothing more until released.
 */
function holdUpload(server: ExtraServer, localAddress: string, bytes: number): HeldUpload {
  const req = http.request({
    agent: false,
    host: "127.0.0.1",
    port: server.port,
    path: "/enquiries/lead",
    method: "POST",
    localAddress,
    family: 4,
    headers: { "content-type": "multipart/form-data; boundary=held", "content-length": String(bytes) },
  });
  const answer = new Promise<number | null>((resolve) => {
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on("error", () => resolve(null));
    req.on("close", () => resolve(null));
  });
  req.write('--held\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\n\r\n');
  return { answer, release: () => req.destroy() };
}

/** Posts a small form that is not a valid lead from `localAddress`: the status says whether its body was read. */
function probe(server: ExtraServer, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = '--p\r\nContent-Disposition: form-data; name="name"\r\n\r\nProbe\r\n--p--\r\n';
    const req = http.request(
      {
        agent: false,
        host: "127.0.0.1",
        port: server.port,
        path: "/enquiries/lead",
        method: "POST",
        localAddress,
        family: 4,
        headers: { "content-type": "multipart/form-data; boundary=p", "content-length": String(body.length) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test.describe("uploads read at once", () => {
  test.describe.configure({ mode: "serial" });
  let server: ExtraServer;
  const held: HeldUpload[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer({ MAIL_TRANSPORT: "outbox" });
  });
  test.afterAll(async () => {
    for (const h of held) h.release();
    await server?.stop();
  });

  test("one sender holds two uploads at most; a third is refused at once, another sender is not", async () => {
    const mine = [holdUpload(server, "127.0.0.2", 9 * MB), holdUpload(server, "127.0.0.2", 9 * MB)];
    held.push(...mine);
    await expect.poll(() => probe(server, "127.0.0.2")).toBe(503);
    // Another sender's form is read (and refused for what it holds, not for the load).
    expect(await probe(server, "127.0.0.3")).toBe(400);
    for (const h of mine) h.release();
    await expect.poll(() => probe(server, "127.0.0.2")).toBe(400);
  });

  test("while slow uploads hold all the room, a visitor's photo form says to try again and sends nothing; later it is sent", async ({
    page,
  }) => {
    // 160 MB of uploads being read: eight senders, two of 10 MB each.
    for (let n = 10; n < 18; n++)
      for (let i = 0; i < 2; i++) held.push(holdUpload(server, `127.0.0.${n}`, 10 * MB));
    await expect.poll(() => probe(server, "127.0.0.30")).toBe(503);

    await page.goto(`${server.url}/enquiries/lead`);
    await expect(page.getByRole("heading", { name: "Request free quotes" })).toBeVisible();
    // The form is sent by React (a fetcher) once the page has hydrated.
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.getByLabel("What needs collecting?").fill("An old sofa and two chairs");
    await page.getByLabel("Name").fill("Nia Busy");
    await page.getByLabel("Email").fill("nia@example.test");
    await page.getByLabel("Postcode").fill("LS1 4AP");
    await page.getByLabel("Photo of the waste").setInputFiles(PHOTO);
    await page.getByRole("button", { name: "Request Quotes" }).click();
    await expect(page.getByText(BUSY)).toBeVisible();
    await expect(page.getByText("Request sent!")).toHaveCount(0);
    await page.screenshot({ path: "tmp/shots-enquiries/lead-busy.png", fullPage: true });
    // On a phone the message is on the first screen, at the top of the form.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByText(BUSY)).toBeInViewport();
    await page.screenshot({ path: "tmp/shots-enquiries/lead-busy-375.png" });
    // What was typed is still there to send again.
    await expect(page.getByLabel("Name")).toHaveValue("Nia Busy");

    for (const h of held.splice(0)) h.release();
    await expect.poll(() => probe(server, "127.0.0.30")).toBe(400);
    await page.getByRole("button", { name: "Request Quotes" }).click();
    await expect(page.getByText("Request sent!")).toBeVisible();
    await expect(page.getByText(BUSY)).toHaveCount(0);
  });
});
