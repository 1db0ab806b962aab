import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button";

describe("Button", () => {
  it("is a <button type=button> with its variant's classes and the caller's", () => {
    expect(renderToStaticMarkup(<Button className="w-full">Save</Button>)).toBe(
      '<button type="button" class="btn btn-primary btn-md w-full">Save</button>',
    );
    expect(
      renderToStaticMarkup(
        <Button type="submit" variant="danger" size="sm" disabled>
          Delete
        </Button>,
      ),
    ).toBe('<button type="submit" class="btn btn-danger btn-sm" disabled="">Delete</button>');
  });

  it("with asChild, styles its one child instead: classes joined, the child's own props kept", () => {
    expect(
      renderToStaticMarkup(
        <Button asChild variant="outline" className="w-full" aria-label="from the button">
          <a href="/search" className="mt-2" aria-label="Search the register">
            Search
          </a>
        </Button>,
      ),
    ).toBe(
      '<a href="/search" class="btn btn-outline btn-md w-full mt-2" aria-label="Search the register">Search</a>',
    );
    expect(() => renderToStaticMarkup(<Button asChild>text</Button>)).toThrow(/one element/);
  });
});
