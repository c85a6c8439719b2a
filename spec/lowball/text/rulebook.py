"""The teaching table's rules in words, rendered from the game table so they cannot drift (part A)."""

from __future__ import annotations

from lowball.core.tables import GameTable, load_game_table, ranking_system

ROUND_WORDS = {"en": ["before the draw", "after the draw"], "ru": ["до обмена", "после обмена"]}


def table_rules(table: GameTable | None = None, lang: str = "en") -> list[tuple[str, str]]:
    """Return (clause id, sentence) for each rule of a game table, every number read from the table.

    >>> dict(table_rules())["T5"]
    'Before every new deal each stack must hold at least 13 chips.'
    >>> dict(table_rules(lang="ru"))["T1"]
    'Играют от 2 до 5 человек колодой из 52 карт.'
    """
    t = table or load_game_table()
    system = ranking_system(t.ranking)
    rounds = ROUND_WORDS[lang] if t.draws == 1 else [f"round {i + 1}" for i in range(t.betting_rounds)]
    sizes = ", ".join(f"{size} {when}" for size, when in zip(t.bet_sizes, rounds))
    raises = "unlimited raises" if t.raises_per_round is None else f"{t.raises_per_round} raises"
    raises_ru = "без ограничения повышений" if t.raises_per_round is None else f"{t.raises_per_round} повышения"
    if lang == "ru":
        return [
            ("T1", f"Играют от {t.players_min} до {t.players_max} человек колодой из {t.deck} карт."),
            ("T2", f"Каждый вносит анте {t.ante}; блайндов нет."),
            ("T3", f"Фиксированный лимит: ставка и повышение равны {sizes}."),
            ("T4", f"Максимум — начальная ставка и {raises_ru} за круг."),
            ("T5", f"Перед каждой новой сдачей запас каждого не меньше {t.min_stack} фишек."),
            ("T6", f"Каждому по {t.hand_size} закрытых карт, по одной, по часовой стрелке слева от сдающего."),
            ("T7", "Сдающий меняется по кругу после каждой раздачи."),
            ("H1", f"Руки сравниваются по системе «{system.title('ru')}»."),
            ("B1", "Первый круг торгов начинает игрок слева от сдающего; чек-рейз "
                   f"{'разрешён' if t.check_raise else 'запрещён'}."),
            ("D1", f"Один обмен: каждый действующий игрок сбрасывает от {t.min_discard} до {t.max_discard} карт "
                   f"и получает столько же; сжигания нет."),
            ("B2", "Последние торги начинает открывший первый круг; если он вышел — следующий действующий; "
                   "если все чекнули — первый действующий слева от сдающего."),
            ("S1", "Если остался один игрок, он сразу забирает банк; иначе самая младшая рука берёт весь банк."),
            ("S2", "Равные руки делят банк; нечётная фишка — первому из победителей слева от сдающего."),
            ("S3", "Результат игрока — изменение его запаса."),
        ]
    return [
        ("T1", f"{t.players_min} to {t.players_max} players, one {t.deck}-card deck."),
        ("T2", f"Every player posts an ante of {t.ante}; there are no blinds."),
        ("T3", f"Fixed limit: bets and raises are {sizes}."),
        ("T4", f"At most a bet and {raises} per betting round."),
        ("T5", f"Before every new deal each stack must hold at least {t.min_stack} chips."),
        ("T6", f"Everyone gets {t.hand_size} cards face down, one at a time, clockwise from the dealer's left."),
        ("T7", "The dealer button moves one seat clockwise after every hand."),
        ("H1", f"Hands are ranked by {system.title('en')}."),
        ("B1", f"The first betting round starts on the dealer's left; check-raise is "
               f"{'allowed' if t.check_raise else 'not allowed'}."),
        ("D1", f"One draw: each active player discards {t.min_discard} to {t.max_discard} cards and gets as many; "
               f"no burn card."),
        ("B2", "The final round is opened by the first round's opener; if they folded, by the next active player; "
               "if everyone checked, by the first active player on the dealer's left."),
        ("S1", "If all but one fold, the last player takes the pot at once; otherwise the lowest hand takes it all."),
        ("S2", "Equal hands split the pot; the odd chip goes to the first winner on the dealer's left."),
        ("S3", "A player's result is the change of their stack."),
    ]


def rules_text(table: GameTable | None = None, lang: str = "en") -> str:
    """Return the table's rules as lines "T1  ..." for printing."""
    return "\n".join(f"{clause:<3} {sentence}" for clause, sentence in table_rules(table, lang))
