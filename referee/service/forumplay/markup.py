"""The answer's pieces in the thread's markup: people's text made inert, a fixed-width
block, and the state post. (A stand-in until the operations layer's forum markup is
merged; then these call it.)"""
from __future__ import annotations

FENCE = "````"


def inert(text: str, kind: str) -> str:
    """``text`` shown as written, never read as markup by the forum."""
    text = str(text)
    if kind == "markdown":
        return "".join("\\" + c if c in "\\`*_[]<>#!|~" else c for c in text)
    return text.replace("[", "(").replace("]", ")")


def block(text: str, kind: str) -> str:
    """A fixed-width block whose text cannot end it early."""
    if kind == "markdown":
        return f"{FENCE}text\n{str(text).replace(FENCE, '` ` ` `')}\n{FENCE}"
    tag = "c" if kind == "bgg" else "code"
    return f"[{tag}]{inert(text, kind)}[/{tag}]"


def state_post(module, state, kind: str, *, image: str | None, turn: str, witness: str) -> str:
    parts = [block(module.render(state, "narrow").rstrip("\n"), kind)]
    if image:
        parts.append(f"![the board]({image})" if kind == "markdown"
                     else f"[url={image}]the board[/url]" if kind == "bgg"
                     else f"[img]{image}[/img]")
    parts += [inert(turn, kind), inert(witness, kind)]
    return "\n\n".join(parts)
