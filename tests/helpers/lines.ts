/** Splits a text stream into lines (what @std/streams' TextLineStream does; JSR is out of reach here). */
export class TextLineStream extends TransformStream<string, string> {
  constructor() {
    let rest = "";
    super({
      transform(chunk, controller) {
        const parts = (rest + chunk).split(/\r?\n/);
        rest = parts.pop() ?? "";
        for (const p of parts) controller.enqueue(p);
      },
      flush(controller) {
        if (rest) controller.enqueue(rest);
      },
    });
  }
}
