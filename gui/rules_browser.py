"""The rules reference: every rule id by game and section, searchable, each rule's text with links
to the rules it mentions.

The texts come from `localization.reference`, the same the command line's ``referee rules`` shows,
so both say one thing in every language. Other windows open it at a rule (`show_rule`), e.g. from a
refusal or a deck's broken rule.
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import (QLabel, QLineEdit, QSplitter, QTextBrowser, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

from localization import Messages, current
from localization.reference import all_rules, rule_text, search

from .browser import debounce
from .i18n import watch
from .pages import Page

MESSAGES = Messages("gui.rules_browser", {
    "title": "Rules reference",
    "search_placeholder": "Search the rules: a rule id or words",
    "search_tip": "Type a rule id (N-DEPLOY-4) or words; only the rules that mention every word are listed, "
                  "best first",
    "tree_tip": "Every rule, by game and section; select one to read it",
    "text_tip": "The selected rule; click a rule id to follow it",
    "rule_tip": "{rule}: {summary}",
    "see_also": "See also",
    "nothing": "No rule mentions: {text}",
    "found": "Rules found: {count}",
    "pick": "Select a rule to read it.",
})

SCHEME = "rule"
NO_BREAK_HYPHEN = "\u2011"


def _rule_link(rule: str) -> str:
    """A link to a rule, its id shown with non-breaking hyphens so a line never ends inside it."""
    return f"<a href='{SCHEME}:{rule}'>{rule.replace('-', NO_BREAK_HYPHEN)}</a>"


def linked(text: str, rules: tuple[str, ...]) -> str:
    """The text as HTML, each mention of one of ``rules`` a link to it."""
    escaped = html.escape(text)
    if not rules:
        return escaped
    pattern = re.compile(r"\b(" + "|".join(re.escape(r) for r in sorted(rules, key=len, reverse=True)) + r")\b")
    return pattern.sub(lambda m: _rule_link(m[1]), escaped)


def rule_html(rule: str) -> str:
    """A rule in the active language: id and title, summary, explanation, then its links."""
    r = rule_text(rule)
    also = "".join(f"<li>{_rule_link(x)} {html.escape(rule_text(x).title)}</li>" for x in r.links)
    return (f"<h2>{html.escape(r.rule)} — {html.escape(r.title)}</h2>"
            f"<p><i>{html.escape(r.summary)}</i></p>"
            f"<p>{linked(r.reference, r.links)}</p>"
            + (f"<h3>{html.escape(MESSAGES('see_also'))}</h3><ul>{also}</ul>" if also else ""))


class RulesBrowser(Page):
    def __init__(self, window):
        super().__init__()
        self.context = window.context
        self.current_rule: str | None = None
        self.items: dict[str, QTreeWidgetItem] = {}
        self.edit = QLineEdit()
        self.edit.setClearButtonEnabled(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setWordWrap(True)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(self._follow)
        self.timer = debounce(self, self.search_now)
        self.edit.textChanged.connect(self.timer.start)
        self.edit.returnPressed.connect(self.search_now)
        self.tree.currentItemChanged.connect(self._selected)
        self._build_tree()

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.edit)
        left_layout.addWidget(self.tree, 1)
        left_layout.addWidget(self.status)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.text)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setChildrenCollapsible(False)
        QVBoxLayout(self).addWidget(split)
        watch(self)

    def _build_tree(self) -> None:
        """One branch per game, then per section, in the order of the rules text; a rule's item
        holds its id (texts are written by `retranslate`)."""
        branches: dict[tuple, QTreeWidgetItem] = {}
        for r in all_rules():
            game = branches.get((r.game,))
            if game is None:
                game = branches[(r.game,)] = QTreeWidgetItem(self.tree)
                game.setData(0, Qt.ItemDataRole.UserRole + 1, ("game", r.game))
            section = branches.get((r.game, r.section))
            if section is None:
                section = branches[(r.game, r.section)] = QTreeWidgetItem(game)
                section.setData(0, Qt.ItemDataRole.UserRole + 1, ("section", f"{r.game}.{r.section}"))
            item = QTreeWidgetItem(section)
            item.setData(0, Qt.ItemDataRole.UserRole, r.rule)
            self.items[r.rule] = item
        self.branches = list(branches.values())

    def _retranslate_tree(self) -> None:
        tr = current()
        for branch in self.branches:
            kind, key = branch.data(0, Qt.ItemDataRole.UserRole + 1)
            branch.setText(0, tr.term(kind, key))
            branch.setToolTip(0, MESSAGES("tree_tip"))
        for rule in all_rules():
            item = self.items[rule.rule]
            item.setText(0, f"{rule.rule}  {rule.title}")
            item.setToolTip(0, MESSAGES("rule_tip", rule=rule.rule, summary=rule.summary))

    # --- searching --------------------------------------------------------------------------
    def search_now(self) -> None:
        """Show only the rules that match what is typed (all when nothing is), and open the best."""
        self.timer.stop()
        text = self.edit.text().strip()
        found = [r.rule for r in search(text, limit=len(self.items))] if text else list(self.items)
        shown = set(found)
        for rule, item in self.items.items():
            item.setHidden(rule not in shown)
        for branch in self.branches:
            branch.setHidden(not any(self._visible_leaf(branch.child(i)) for i in range(branch.childCount())))
        if text:
            self.tree.expandAll()
            self.status.setText(MESSAGES("found", count=len(found)) if found else MESSAGES("nothing", text=text))
            if found:
                self.show_rule(found[0])
        else:
            self.status.setText("")

    def _visible_leaf(self, item: QTreeWidgetItem) -> bool:
        if item.childCount() == 0:
            return not item.isHidden()
        return any(self._visible_leaf(item.child(i)) for i in range(item.childCount()))

    def shown_rules(self) -> list[str]:
        """The rules the tree shows now, in its order."""
        return [rule for rule, item in self.items.items() if not item.isHidden()]

    # --- showing a rule ---------------------------------------------------------------------
    def show_rule(self, rule: str) -> None:
        """Open the page at ``rule``: select it in the tree (shown even if a search hid it) and show
        its text."""
        item = self.items.get(rule)
        if item is None:
            return
        if item.isHidden():
            self.edit.clear()
            self.search_now()
        self.tree.setCurrentItem(item)
        self.tree.scrollToItem(item)
        self._display(rule)

    def _selected(self, item: QTreeWidgetItem | None, _previous=None) -> None:
        rule = None if item is None else item.data(0, Qt.ItemDataRole.UserRole)
        if rule is not None:
            self._display(rule)

    def _display(self, rule: str | None) -> None:
        self.current_rule = rule
        self.text.setHtml(rule_html(rule) if rule else f"<p>{html.escape(MESSAGES('pick'))}</p>")

    def _follow(self, url: QUrl) -> None:
        if url.scheme() == SCHEME:
            self.show_rule(url.path())

    # --- the page ---------------------------------------------------------------------------
    def title(self) -> str:
        return MESSAGES("title")

    def retranslate(self) -> None:
        self.edit.setPlaceholderText(MESSAGES("search_placeholder"))
        self.edit.setToolTip(MESSAGES("search_tip"))
        self.tree.setToolTip(MESSAGES("tree_tip"))
        self.text.setToolTip(MESSAGES("text_tip"))
        self._retranslate_tree()
        if self.edit.text().strip():
            self.search_now()
        self._display(self.current_rule)
