/** Issue 14 item 20: the same toast is not stacked, and at most three are on screen (decision 0603). */
import { describe, expect, it } from "vitest";
import { MAX_TOASTS, withToast, type ToastMessage } from "./toast";

type Entry = ToastMessage & { id: number };
let id = 0;
const show = (list: Entry[], m: ToastMessage) => withToast(list, { ...m, id: ++id });
const failed: ToastMessage = {
  title: "Login Failed",
  description: "Invalid email or password. Please check your credentials and try again.",
  variant: "destructive",
};

describe("toasts on screen", () => {
  it("five identical toasts leave one, the newest", () => {
    let list: Entry[] = [];
    for (let i = 0; i < 5; i++) list = show(list, failed);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ ...failed, id });
  });

  it("a repeat moves to the newest place; another description is other news", () => {
    let list: Entry[] = [];
    list = show(list, failed);
    list = show(list, { title: "Saved" });
    list = show(list, failed);
    expect(list.map((t) => t.title)).toEqual(["Saved", "Login Failed"]);
    list = show(list, {
      ...failed,
      description: "Too many login attempts. Please wait a moment before trying again.",
    });
    expect(list).toHaveLength(3);
    // A title without a description and one with an empty description are the same news.
    list = show(list, { title: "Saved", description: "" });
    expect(list.map((t) => t.title)).toEqual(["Login Failed", "Login Failed", "Saved"]);
  });

  it("keeps at most three, dropping the oldest", () => {
    let list: Entry[] = [];
    for (const title of ["One", "Two", "Three", "Four"]) list = show(list, { title });
    expect(MAX_TOASTS).toBe(3);
    expect(list.map((t) => t.title)).toEqual(["Two", "Three", "Four"]);
  });
});
