"""Directives about the games: one built-in game's card, the list of games, and the table format's reference.

=============================  ===================================================================
``lowball-game NAME``          a built-in game: titles, PHH code, players, file, what it extends and
                               changes, and its rules in words (``lowball.text.rulebook``); the
                               anchor ``game-NAME`` that every other page links to
``lowball-games``              every built-in game in one table, each linked to its card
``lowball-game-files``         every built-in game's table file, in full, as it is in the package
``lowball-format-keys``        every key of ``GAME_KEYS``: type, default, clauses, doc, who sets it
``lowball-format-streets``     every key of a street (``STREET_COMMON``, ``STREET_KEYS``)
``lowball-format-behaviours``  every named behaviour of ``lowball.core.behaviours``: its values,
                               each value's meaning and clause, and the games that choose it
``lowball-format-aspects``     ``CLAUSE_ASPECTS``: the clause each game cites for each aspect
=============================  ===================================================================

A game card is the target of the links in the "set by" and "used by" columns, so a built-in game
without a card on some page fails the build.
"""

from __future__ import annotations

from docutils import nodes

from lowball_docs import formats
from lowball_docs.directives import LowballDirective, label_ref, shown, table_node, with_clause_links

GAME_LABEL = "game-{}"
FORMAT_LABEL = "format-{}"


def game_ref(name: str) -> nodes.Node:
    """Return a link to a built-in game's card."""
    return label_ref(GAME_LABEL.format(name), name)


def game_refs(names, empty: str = "—") -> list[nodes.Node]:
    """Return links to the cards of ``names``, comma-separated (``empty`` when there are none)."""
    out: list[nodes.Node] = []
    for i, name in enumerate(names):
        if i:
            out.append(nodes.Text(", "))
        out.append(game_ref(name))
    return out or [nodes.Text(empty)]


def clause_links(text: str) -> list[nodes.Node]:
    """Return ``text`` with its clause ids linked; "—" when empty."""
    return with_clause_links(text) if text else [nodes.Text("—")]


def target(label: str) -> nodes.target:
    return nodes.target("", "", ids=[label], names=[label])


# The keys that name a table rather than change a rule, and the citations: left out of "what it changes".
NAMING_KEYS = ("extends", "name", "en", "ru", "variant", "clauses")


def changed_keys(name: str) -> list[str]:
    """Return the rules a built-in table changes from the table it extends: its own file's keys, dotted one level
    into a section (``forced.bring_in_by``), the streets as one key where it lists them whole, each street key
    it changes where it changes some (``streets.bet.opener``: every betting street's), the names and the clauses
    left out.

    >>> changed_keys("razz")
    ['forced.bring_in_by', 'ranking', 'showdown.odd_chip', 'streets.1.opener', 'streets.bet.opener']
    """
    raw = formats.builtin_raw()[name]
    keys = []
    for key, value in raw.items():
        if key in NAMING_KEYS:
            continue
        if key == "change_streets":
            keys += [f"streets.{change['at']}.{inner}" for change in value for inner in change
                     if inner not in ("at", "clause")]
        elif isinstance(value, dict) and key != "ranking":
            keys += [f"{key}.{inner}" for inner in value]
        else:
            keys.append(key)
    return sorted(keys)


def key_list(keys: list[str], empty: str = "—") -> list[nodes.Node]:
    """Return the keys as literals, comma-separated."""
    out: list[nodes.Node] = []
    for i, key in enumerate(keys):
        if i:
            out.append(nodes.Text(", "))
        out.append(nodes.literal(key, key))
    return out or [nodes.Text(empty)]


# The words of a game's card, by the site's language (the rules themselves come from lowball.text.rulebook).
CARD_WORDS = {
    "en": {"name": "name ", "code": " · PHH code ", "players": " · {} to {} players · ", "extends": " · extends ",
           "changing": ", changing ", "summary": "Its {} rules in words, generated from the table",
           "columns": ["clause", "rule"]},
    "ru": {"name": "имя ", "code": " · код PHH ", "players": " · игроков от {} до {} · ", "extends": " · расширяет ",
           "changing": ", меняя ", "summary": "Правила стола словами ({}), сделанные из таблицы",
           "columns": ["пункт", "правило"]},
}


class Game(LowballDirective):
    """``lowball-game NAME``: a built-in game's card, generated from its table."""

    required_arguments = 1
    option_spec = {}

    def run(self):
        from lowball.core.games import builtin_paths, load_game_table
        from lowball.text.rulebook import table_rules

        name = self.arguments[0]
        self.depend_on_spec()
        paths = builtin_paths()
        if name not in paths:
            self.warn(f"no built-in game {name!r} (known: {', '.join(paths)})")
            return []
        table = load_game_table(name)
        raw = formats.builtin_raw()[name]
        label = GAME_LABEL.format(name)
        box = nodes.container(classes=["lowball-game"])
        anchor = target(label)
        self.state.document.note_explicit_target(anchor)
        box += anchor
        lang = self.env.config.language or "en"
        say = CARD_WORDS.get(lang, CARD_WORDS["en"])
        head = nodes.paragraph(classes=["lowball-game-title"])
        first, second = (table.ru, table.en) if lang == "ru" else (table.en, table.ru)
        head += nodes.strong(first, first)
        head += nodes.Text(f" — {second}")
        box += head
        facts = nodes.paragraph(classes=["lowball-game-facts"])
        facts += nodes.Text(say["name"])
        facts += nodes.literal(name, name)
        facts += nodes.Text(say["code"])
        facts += nodes.literal(table.variant, table.variant)
        facts += nodes.Text(say["players"].format(table.players_min, table.players_max))
        facts += nodes.literal(shown(paths[name]), shown(paths[name]))
        if table.extends:
            facts += nodes.Text(say["extends"])
            facts += game_ref(table.extends)
            facts += nodes.Text(say["changing"])
            facts.extend(key_list(changed_keys(name) + (["clauses"] if "clauses" in raw else [])))
        box += facts
        rules = table_rules(table, lang)
        rows = [[clause_links(clause), sentence] for clause, sentence in rules]
        # The rules in words fold away (an HTML <details>): a page of several games stays readable.
        box += nodes.raw("", f"<details><summary>{say['summary'].format(len(rules))} "
                             f"(lowball.text.rulebook)</summary>", format="html")
        box += table_node(say["columns"], rows, widths=[1, 10], classes=("lowball-game-rules",))
        box += nodes.raw("", "</details>", format="html")
        return [box]


class Games(LowballDirective):
    """``lowball-games``: every built-in game, one row each, linked to its card: its table, and what it changes
    from the table it extends."""

    def run(self):
        from lowball.core.games import builtin_paths

        self.depend_on_spec()
        rows = []
        for name, path in builtin_paths().items():
            table = formats.builtin_resolved()[name]
            changes = key_list(changed_keys(name)) if table.extends else [nodes.Text("its own table")]
            rows.append([[game_ref(name)], table.en, [nodes.literal(table.variant, table.variant)],
                         f"{table.players_min}-{table.players_max}",
                         game_refs([table.extends] if table.extends else []), changes,
                         [nodes.literal(shown(path), shown(path))]])
        return [table_node(["game", "title", "PHH code", "players", "extends", "changes", "file"], rows,
                           widths=[4, 7, 2, 1, 4, 6, 5])]


class GameFiles(LowballDirective):
    """``lowball-game-files``: every built-in table file in full, one section a game."""

    def run(self):
        from lowball.core.games import builtin_paths

        self.depend_on_spec()
        out: list[nodes.Node] = []
        for name, path in builtin_paths().items():
            text = path.read_text(encoding="utf-8")
            block = nodes.literal_block(text, text, language="toml")
            out.append(self.caption(block, f"`{shown(path)}`"))
        return out


def _value_cell(row: formats.KeyRow) -> list[nodes.Node]:
    if row.enum is not None:
        out: list[nodes.Node] = []
        for i, value in enumerate(row.choices):
            if i:
                out.append(nodes.Text(", "))
            out.append(nodes.literal(value, value))
        out.append(nodes.Text(" ("))
        out.append(label_ref(FORMAT_LABEL.format(row.behaviour.replace(" ", "-")), f"the {row.behaviour} names"))
        out.append(nodes.Text(")"))
        return out
    if row.choices:
        out = []
        for i, value in enumerate(row.choices):
            if i:
                out.append(nodes.Text(", "))
            out.append(nodes.literal(value, value))
        return out
    return [nodes.Text(formats.KIND_WORDS.get(row.kind, row.kind))]


def _key_rows(rows: list[formats.KeyRow], prefix: str = "") -> list[list]:
    out = []
    for row in rows:
        key = nodes.literal(prefix + row.path, prefix + row.path)
        out.append([[key], _value_cell(row), formats.default_text(row.default), clause_links(row.clause),
                    clause_links(row.doc), game_refs(row.set_by, empty="no built-in table")])
    return out


HEADER = ["key", "value", "default", "clauses", "what it says", "set by (its own file)"]
WIDTHS = [4, 5, 3, 2, 9, 7]


class FormatKeys(LowballDirective):
    """``lowball-format-keys``: every key of ``GAME_KEYS``, in the loader's order."""

    def run(self):
        self.depend_on_spec()
        return [table_node(HEADER, _key_rows(formats.key_rows()), widths=WIDTHS, classes=("lowball-format",))]


class FormatStreets(LowballDirective):
    """``lowball-format-streets``: the keys of a street, for every street, then for each kind."""

    def run(self):
        self.depend_on_spec()
        rows = []
        for group, row in formats.street_rows():
            cells = _key_rows([row], prefix="")[0]
            cells.insert(0, group)
            rows.append(cells)
        return [table_node(["street", *HEADER], rows, widths=[2, *WIDTHS], classes=("lowball-format",))]


class FormatBehaviours(LowballDirective):
    """``lowball-format-behaviours``: every behaviour a table may name, each value's meaning and who uses it."""

    def run(self):
        from lowball.core.behaviours import BEHAVIOURS
        from lowball.core.games import GAME_KEYS, STREET_COMMON, STREET_KEYS

        self.depend_on_spec()
        street_keys = {key.path for keys in (STREET_COMMON, *STREET_KEYS.values()) for key in keys}
        every_key = list(GAME_KEYS) + [key for keys in (STREET_COMMON, *STREET_KEYS.values()) for key in keys]
        out: list[nodes.Node] = []
        for name, enum in BEHAVIOURS.items():
            label = FORMAT_LABEL.format(name.replace(" ", "-"))
            section = nodes.section(ids=[label], names=[label])
            title = f"{name}: {enum.__name__}"
            section += nodes.title(title, title)
            self.state.document.note_explicit_target(section)
            keys = [key.path for key in every_key if set(key.choices) == {m.value for m in enum}]
            intro = nodes.paragraph()
            intro.extend(with_clause_links((enum.__doc__ or "").strip()))
            intro += nodes.Text(" Key: " if len(keys) == 1 else " Keys: ")
            for i, key in enumerate(keys):
                if i:
                    intro += nodes.Text(", ")
                where = f"streets[].{key}" if key in street_keys and key not in {k.path for k in GAME_KEYS} else key
                intro += nodes.literal(where, where)
            intro += nodes.Text(".")
            section += intro
            meanings = formats.meanings(enum)
            rows = []
            for member in enum:
                users: list[str] = []
                for key in keys:
                    users += formats.users_of(key, member.value, street=key in street_keys
                                              and key not in {k.path for k in GAME_KEYS})
                rows.append([[nodes.literal(member.value, member.value)], clause_links(meanings.get(member.value, "")),
                             game_refs(sorted(set(users)), empty="no built-in table")])
            section += table_node(["name", "meaning and clause (lowball.core.behaviours)", "chosen by"], rows,
                                  widths=[3, 8, 6])
            out.append(section)
        return out


class FormatAspects(LowballDirective):
    """``lowball-format-aspects``: for each aspect of ``CLAUSE_ASPECTS``, the clause each built-in game cites."""

    def run(self):
        self.depend_on_spec()
        rows = []
        for aspect, words, by_clause in formats.aspect_clauses():
            cited: list[nodes.Node] = []
            for i, (clause, games) in enumerate(sorted(by_clause.items())):
                if i:
                    cited.append(nodes.Text("; "))
                cited.extend(with_clause_links(clause))
                cited.append(nodes.Text(": "))
                cited.extend(game_refs(games))
            key = f"clauses.{aspect}"
            rows.append([[nodes.literal(key, key)], words, cited or [nodes.Text("—")]])
        return [table_node(["key", "the clause cited for", "clause: games"], rows, widths=[3, 5, 12])]


GAME_DIRECTIVES = {
    "lowball-game": Game,
    "lowball-games": Games,
    "lowball-game-files": GameFiles,
    "lowball-format-keys": FormatKeys,
    "lowball-format-streets": FormatStreets,
    "lowball-format-behaviours": FormatBehaviours,
    "lowball-format-aspects": FormatAspects,
}
