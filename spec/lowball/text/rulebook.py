"""A game's rules in words, rendered from its table so they cannot drift (the rules digest, parts A and D).

Every number, every opener and every choice of rule is read from the game's
table; each sentence is tagged with the clause the table names for it.

>>> dict(table_rules())["T5"]
'Before every new deal each stack must hold at least 13 chips (were a player all in, an all-in of half a bet or more counts as a full raise).'
>>> dict(table_rules(lang="ru"))["T1"]
'Играют от 2 до 5 игроков одной колодой из 52 карт: колоды всегда хватает.'
"""

from __future__ import annotations

from lowball.core.behaviours import (
    AnteBy, BringIn, CapCounts, NobodyOpens, Opener, PostingOrder, Pots, RunsOut, Serve, SevensRule, ShortAllIn,
    StreetKind, Structure, WrongCount,
)
from lowball.core.arguments import takes
from lowball.core.games import TABLE, GameTable, Street, load_game_table
from lowball.core.rankings import LANGUAGE, load_rankings, ranking_system
from lowball.text.narration import counted
from lowball.text.plural import BET, CARD, CHIP, PLAYER, RAISE, ru

ORDINAL = {"en": ["first", "second", "third", "fourth", "fifth", "sixth", "seventh"],
           "ru": ["первого", "второго", "третьего", "четвёртого", "пятого", "шестого", "седьмого"]}
IN_DRAW_RU = ["в первом", "во втором", "в третьем", "в четвёртом", "в пятом"]
COUNT = {"en": {1: "One draw", 2: "Two draws", 3: "Three draws"}, "ru": {1: "Один обмен", 2: "Два обмена", 3: "Три обмена"}}
DRAW_WORD = {"en": ("draw", "draws"), "ru": ("обмен", "обмена", "обменов")}
OPENER = {
    "en": {
        Opener.DEALER_LEFT: "the player on the dealer's left",
        Opener.LEFT_OF_BIG_BLIND: "the player on the big blind's left (heads-up: the dealer)",
        Opener.LEFT_OF_LAST_POST: "the player on the left of the last player who posted",
        Opener.FIRST_ROUND_OPENER: "the first round's opener; if they folded, the next active player; if everyone "
                                   "checked, the first active player on the dealer's left",
        Opener.BRING_IN: "the bring-in",
        Opener.HIGHEST_BOARD: "the best high hand showing (a tie: the first from the dealer's left)",
        Opener.LOWEST_BOARD: "the lowest hand showing (a tie: the first from the dealer's left)",
        Opener.LOWEST_BOARD_ACE_HIGH: "the lowest hand showing, the ace high (a tie: the first from the dealer's "
                                      "left)",
    },
    "ru": {
        Opener.DEALER_LEFT: "игрок слева от сдающего",
        Opener.LEFT_OF_BIG_BLIND: "игрок слева от большого блайнда (вдвоём — сдающий)",
        Opener.LEFT_OF_LAST_POST: "игрок слева от последнего, кто вносил обязательную ставку",
        Opener.FIRST_ROUND_OPENER: "тот, кто открыл первый круг; если он спасовал — следующий из оставшихся в игре; "
                                   "если в первом круге все сказали «чек» — первый из оставшихся слева от сдающего",
        Opener.BRING_IN: "игрок, поставивший бринг-ин",
        Opener.HIGHEST_BOARD: "игрок с самой старшей открытой комбинацией (при равенстве — первый слева от сдающего)",
        Opener.LOWEST_BOARD: "игрок с самой младшей открытой комбинацией (при равенстве — первый слева от сдающего)",
        Opener.LOWEST_BOARD_ACE_HIGH: "игрок с самой младшей открытой комбинацией, туз старший (при равенстве — "
                                      "первый слева от сдающего)",
    },
}
ODD_CHIP = {
    "en": {"first-winner-left-of-dealer": "the first winner on the dealer's left",
           "lowest-seat": "the winner in the lowest seat", "high-card-by-suit": "the winner with the highest card by suit",
           "high-card-by-suit-as-ranked": "the winner with the highest card by suit, the ace as the ranking counts it",
           "high-card-played-by-suit": "the winner with the highest card by suit among the five played",
           "low-card-by-suit": "the winner with the lowest card by suit",
           "house-keeps": "the house"},
    "ru": {"first-winner-left-of-dealer": "первому из победителей слева от сдающего",
           "lowest-seat": "победителю на месте с меньшим номером",
           "high-card-by-suit": "победителю с самой старшей картой с учётом масти",
           "high-card-by-suit-as-ranked": "победителю с самой старшей картой с учётом масти (туз — как в системе "
                                          "старшинства рук)",
           "high-card-played-by-suit": "победителю с самой старшей с учётом масти из пяти играющих карт",
           "low-card-by-suit": "победителю с самой младшей картой с учётом масти",
           "house-keeps": "заведению"},
}


def _round_names(t: GameTable, lang: str) -> list[str]:
    """Return a name for each betting round: before/after the draw(s), or by stud street."""
    names, draws, held = [], 0, 0
    for street in t.streets:
        if street.kind is StreetKind.DEAL:
            held += street.cards
        elif street.kind is StreetKind.DRAW:
            draws += 1
        elif not t.draws:
            names.append(f"on {_nth(held)} street" if lang == "en" else f"на {held}-й улице")
        elif t.draws == 1:
            names.append(("before the draw", "after the draw")[draws] if lang == "en" else
                         ("до обмена", "после обмена")[draws])
        elif draws == 0:
            names.append("before the first draw" if lang == "en" else "до первого обмена")
        else:
            names.append(f"after the {_ordinal(draws - 1, 'en')} draw" if lang == "en" else
                         f"после {_ordinal(draws - 1, 'ru')} обмена")
    return names


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _ordinal(index: int, lang: str) -> str:
    """Return the ordinal of the draw numbered ``index`` from 0, in words as far as the list goes: "third", "8th"."""
    if index < len(ORDINAL[lang]):
        return ORDINAL[lang][index]
    return _nth(index + 1) if lang == "en" else f"{index + 1}-го"


def _draw_count(draws: int, lang: str) -> str:
    """Return "Three draws" / "Три обмена", in figures past the words: "4 draws", "5 обменов"."""
    if draws in COUNT[lang]:
        return COUNT[lang][draws]
    return f"{draws} {counted(draws, DRAW_WORD[lang], lang)}"


def _forced(t: GameTable, lang: str) -> str:
    en = lang == "en"
    parts = []
    match t.ante_by:
        case AnteBy.EVERY_PLAYER if t.ante:
            parts.append(f"Every player posts an ante of {t.ante}" if en else f"Все вносят анте {t.ante}")
        case AnteBy.BIG_BLIND:
            parts.append(f"the big blind posts an ante of {t.ante} for the whole table (dead money)" if en else
                         f"большой блайнд вносит анте {t.ante} за весь стол (мёртвые деньги)")
        case AnteBy.BUTTON:
            parts.append(f"the dealer posts an ante of {t.ante} for the whole table (dead money)" if en else
                         f"сдающий вносит анте {t.ante} за весь стол (мёртвые деньги)")
        case AnteBy.BY_SEAT:
            antes = ", ".join(map(str, t.seat_antes))
            parts.append(f"the players post antes of {antes} in turn from the dealer's left" if en else
                         f"игроки по порядку слева от сдающего вносят анте {antes}")
    if t.blinds:
        small, big, *straddles = t.blinds
        parts.append(f"the two players on the dealer's left post blinds of {small} and {big} (heads-up the dealer "
                     f"posts the small blind)" if en else
                     f"двое слева от сдающего ставят блайнды {small} и {big} (когда играют вдвоём, малый блайнд "
                     f"ставит сдающий)")
        if straddles:
            each = ", ".join(map(str, straddles))
            parts.append(f"the next players straddle for {each}" if en else f"следующие игроки ставят стреддл {each}")
        joining = [(seat + 1, post) for seat, post in enumerate(t.seat_posts) if post]
        if joining:                                                     # O4
            each = ", ".join(f"p{seat} {post}" for seat, post in joining)
            parts.append(f"players joining the game post live ({each}), which moves nobody's turn (O4)" if en else
                         f"вступающие в игру ставят живые ставки ({each}), и ничья очередь не сдвигается (O4)")
        first = t.posting_order is PostingOrder.BLIND_FIRST
        parts.append(f"a player too short for both his blind and an ante posts the {'blind' if first else 'ante'} "
                     f"first" if en else
                     f"кому не хватает фишек и на блайнд, и на анте, сначала вносит {'блайнд' if first else 'анте'}")
    elif t.posts:
        posts = " + ".join(map(str, t.posts))
        parts.append(f"the dealer and the players on his left post {posts}" if en else
                     f"сдающий и игроки слева от него вносят {posts}")
    elif t.ante or t.seat_antes:
        parts.append("there are no blinds" if en else "блайндов нет")
    if t.bring_in:
        who = "lowest" if t.bring_in_by.value == "lowest-upcard" else "highest"
        aces = t.bring_in_by is BringIn.HIGHEST_UPCARD_ACE_HIGH          # Y3: the A♠ highest
        option = _bring_in_option(t, lang)
        parts.append(f"the {who} upcard{' (aces high)' if aces else ''} brings it in for {t.bring_in}{option}" if en
                     else f"бринг-ин {t.bring_in} ставит игрок с самой {'младшей' if who == 'lowest' else 'старшей'} "
                     f"открытой картой{' (туз — старшая карта)' if aces else ''}{option}")
    text = "; ".join(parts) or ("there are no forced bets" if en else "обязательных ставок нет")
    if t.nobody_opens is NobodyOpens.REDEAL:
        text += ("; if nobody opens, the cards are dealt again and everyone antes again" if en else
                 "; если торги никто не открыл, карты сдают заново и все снова вносят анте")
    return text[0].upper() + text[1:] + "."


def _bring_in_option(t: GameTable, lang: str) -> str:
    """Return what the player who brings it in may do instead, where it is not limit stud's completion (L4, said by
    the size rule): open for more (N7), or nothing more."""
    en = lang == "en"
    if not t.bring_in_may_bet:
        return ", exactly, never more" if en else " — ровно столько, не больше"
    if t.bring_in < t.small_bet:
        return ""
    return (", or opens for more, at least a raise over it and at most the pot" if en else
            " или открывает больше: не меньше повышения над ней и не больше банка")


def _sizes(t: GameTable, lang: str) -> str:
    en = lang == "en"
    rounds = _round_names(t, lang)
    pair = " ({big} if a pair shows)" if en else " ({big}, если открыта пара)"       # Q4: the open pair
    sizes = ", ".join(f"{t.size_of(s)}" + (pair.format(big=t.most_size_of(s)) if t.most_size_of(s) != t.size_of(s)
                                           else "") + f" {when}" for s, when in zip(t.bet_streets, rounds))
    if t.structure is Structure.FIXED_LIMIT:
        return f"Fixed limit: bets and raises are {sizes}." if en else \
            f"Фиксированный лимит: ставка и повышение — {sizes}."
    kind = {"pot-limit": ("Pot-limit", "Пот-лимит"), "no-limit": ("No-limit", "Безлимит")}[t.structure.value]
    rounded = (f" (the pot rounded up to a multiple of {t.pot_rounding})" if en else
               f" (банк округляется вверх до кратного {t.pot_rounding})") if t.pot_rounding else ""
    return (f"{kind[0]}: the smallest bet is {sizes}; a raise is at least the last raise and at most "
            f"{'the pot after calling' + rounded if t.structure is Structure.POT_LIMIT else 'all in'}." if en else
            f"{kind[1]}: наименьшая ставка — {sizes}; повышение не меньше предыдущего и не больше "
            f"{'банка после уравнивания' + rounded if t.structure is Structure.POT_LIMIT else 'всего стека'}.")


def _cap(t: GameTable, lang: str) -> str:
    en = lang == "en"
    if t.raises_per_round is None:
        return "There is no cap on raises." if en else "Число повышений не ограничено."
    if t.cap_counts is CapCounts.ACTIONS:
        return (f"At most {t.bets_per_round} bets, completions or raises per betting round, forced bets not "
                f"counted." if en else
                f"За круг торгов — не больше {ru(t.bets_per_round, BET, 'gen')} и повышений (комплит тоже "
                f"считается, обязательные ставки — нет).")
    return (f"At most a bet and {t.raises_per_round} raises per betting round." if en else
            f"За круг торгов — не больше одной ставки и {ru(t.raises_per_round, RAISE, 'gen')}.")


HEADS_UP = {
    "kept": ("The cap holds heads-up too.", "Вдвоём лимит повышений тот же."),
    "lifted": ("Once two players remain, there is no cap.", "Когда в игре остаются двое, повышать можно без ограничений."),
    "lifted-if-started-heads-up": ("A round that starts heads-up has no cap.",
                                   "В круге, который начался вдвоём, повышать можно без ограничений."),
}


ALL_IN_RULE = {
    ShortAllIn.HALF_BET_REOPENS: ("an all-in of half a bet or more counts as a full raise",
                                  "ва-банк на полставки и больше считается полным повышением"),
    ShortAllIn.ALL_INS_ADD_UP: ("short all-ins reopen the betting only once together they make a full raise",
                                "неполные ва-банки открывают торги, только когда вместе составят полное повышение"),
    ShortAllIn.FULL_RAISE_ONLY: ("only a full raise reopens the betting", "торги открывает только полное повышение"),
}


def _stack(t: GameTable, lang: str) -> str:
    en = lang == "en"
    rule = ALL_IN_RULE[t.short_all_in]
    if t.min_stack:
        return (f"Before every new deal each stack must hold at least {t.min_stack} chips (were a player all in, "
                f"{rule[0]})." if en else
                f"Перед каждой новой раздачей в стеке у каждого должно быть не меньше {ru(t.min_stack, CHIP, 'gen')} "
                f"(на случай ва-банка: {rule[1]}).")
    pots = ("each main and side pot is awarded on its own" if t.pots is Pots.EACH_APART else
            "hands that can win nothing are mucked first, then the pots are formed among the rest")
    pots_ru = ("каждый банк разыгрывается отдельно" if t.pots is Pots.EACH_APART else
               "руки, которые ничего не выигрывают, сначала уходят в сброс, и банки делятся между остальными")
    return (f"A player may go all in and wins only what they matched (side pots; {pots}); {rule[0]}." if en else
            f"Можно пойти ва-банк и выиграть только то, что уравнял (побочные банки; {pots_ru}); {rule[1]}.")


RUNS_OUT = {
    RunsOut.NEVER: ("the deck never runs out", "колоды всегда хватает"),
    RunsOut.RESHUFFLE_EARLIER: ("if it runs out, the earlier discards, folded cards and burns are shuffled into a "
                                "new stub, this draw's discards not", "если колода кончится, сброс прежних обменов, "
                                "карты спасовавших и сожжённые карты перемешивают в новую колоду, а сброс этого "
                                "обмена — нет"),
    RunsOut.RESHUFFLE_ALL: ("if it runs out, every discard, folded card and burn, this draw's too, makes a new stub",
                            "если колода кончится, весь сброс, карты спасовавших и сожжённые карты, включая сброс "
                            "этого обмена, перемешивают в новую колоду"),
    RunsOut.COMMUNITY_CARD: ("if it cannot serve everyone, the burns are added, and if still short one card is "
                             "dealt face up for all", "если карт на всех не хватит, к колоде добавляют сожжённые, а "
                             "если и этого мало, открывают одну общую карту для всех"),
    RunsOut.COMMUNITY_CARD_REUSE_FOLDED: ("if it cannot serve everyone, the burns and folded cards are added, and if "
                                          "still short one card is dealt face up for all",
                                          "если карт на всех не хватит, к колоде добавляют сожжённые карты и карты "
                                          "спасовавших, а если и этого мало, открывают одну общую карту для всех"),
}


def _deal(t: GameTable, lang: str) -> str:
    en = lang == "en"
    first = t.streets[0]
    if t.draws or len([s for s in t.streets if s.kind is StreetKind.DEAL]) == 1:
        cards = counted(first.cards, ("закрытую карту", "закрытые карты", "закрытых карт"), "ru")   # U4: four
        return (f"Everyone gets {first.cards} cards face down, one at a time, clockwise from the dealer's left." if en
                else f"Каждый получает {ru(first.cards, CARD, 'acc')} в закрытую — по одной, по часовой стрелке, "
                     f"начиная слева от сдающего.")
    streets = [s for s in t.streets if s.kind is StreetKind.DEAL]
    words = []
    for s in streets:
        if en:
            part = (f"{s.down} down" if s.down else "") + (" and " if s.down and s.up else "") + \
                (f"{s.up} up" if s.up else "")
        else:
            part = (f"{s.down} в закрытую" if s.down else "") + (" и " if s.down and s.up else "") + \
                (f"{s.up} в открытую" if s.up else "")
        words.append(part)
    return (f"Cards are dealt {', then '.join(words)}, each street after a burn." if en else
            f"Карты сдают так: {', затем '.join(words)}; перед каждой улицей одну карту сжигают.")


def _draws(t: GameTable, lang: str) -> str:
    en = lang == "en"
    draws = t.draw_streets
    burn = (("no burn", "карту не сжигают") if not draws[0].burn else
            ("a burn card before the replacements", "перед новыми картами одну сжигают"))
    when = "" if t.serve is Serve.IN_TURN else (" once everyone has discarded" if en else ", когда сбросят все")
    ranges = list(dict.fromkeys((d.min_discard, d.max_discard) for d in draws))
    if len(ranges) == 1:
        cards = f"{ranges[0][0]} to {ranges[0][1]} cards" if en else \
            f"от {ranges[0][0]} до {ru(ranges[0][1], CARD, 'gen')}"
    else:
        cards = ", ".join(f"{d.min_discard} to {d.max_discard} in the {_ordinal(i, 'en')}" if en else
                          f"от {d.min_discard} до {d.max_discard} "
                          f"{IN_DRAW_RU[i] if i < len(IN_DRAW_RU) else f'в {i + 1}-м'}"
                          for i, d in enumerate(draws))
        cards = (cards + " draw" if en else cards + " обмене")
    gets = ("exactly as many", "ровно столько же новых") if t.wrong_count is WrongCount.REFUSED else \
        ("as many (a hand of other than five cards after the draw is dead)",
         "столько же новых (рука, в которой после обмена не пять карт, мертва)")
    return (f"{_draw_count(t.draws, 'en')}: each active player discards {cards} and gets {gets[0]}{when}; {burn[0]}."
            if en else
            f"{_draw_count(t.draws, 'ru')}: каждый, кто остался в игре, сбрасывает {cards} и получает {gets[1]}{when}; "
            f"{burn[1]}.")


def _openers(t: GameTable, lang: str, later: bool) -> str:
    en = lang == "en"
    streets = t.bet_streets[1:] if later else t.bet_streets[:1]
    if not streets:
        return ""
    rules = list(dict.fromkeys(s.opener for s in streets))
    who = "; ".join(OPENER[lang][rule] for rule in rules)
    if not later:
        no_check = "" if streets[0].check else ("; facing no bet a player must bet or fold" if en else
                                                "; если ставки ещё нет, нужно поставить или выйти из игры")
        return (f"The first betting round starts with {who}{no_check}." if en else
                f"Первый круг торгов начинает {who}{no_check}.")
    if t.draws == 1 and len(streets) == 1:
        return (f"The final round is opened by {who}." if en else f"Последний круг торгов начинает {who}.")
    return (f"Later rounds are opened by {who}." if en else f"Следующие круги начинает {who}.")


def _check_raise(t: GameTable, lang: str) -> str:
    if lang == "en":
        return ("Check-raise is allowed." if t.check_raise else
                "A player who checked may call later in the round, but not raise.") + \
            (" Facing no bet a player may also fold (O4)." if t.fold_facing_no_bet else "")
    return ("Чек-рейз разрешён." if t.check_raise else "Кто сказал «чек», может потом уравнять, но не повысить.") + \
        (" Если ставки нет, можно и спасовать (O4)." if t.fold_facing_no_bet else "")


def _round_end(t: GameTable, lang: str) -> str:
    return ("A betting round ends when every active player has matched the last bet, or everyone has checked."
            if lang == "en" else
            "Круг торгов кончается, когда все, кто остался в игре, уравняли последнюю ставку или все сказали «чек».")


def _ranking(t: GameTable, lang: str) -> str:
    """Return the ranking sentence: one system, or each half's (L1; Z2: a five-card hand and a badugi)."""
    rows = [ranking_system(side.system) for side in t.sides]
    if len(rows) == 1 or t.sides[0].half != "five-card":
        return (f"Hands are ranked by {rows[0].title('en')}." if lang == "en" else
                f"Руки сравниваются по системе «{rows[0].title('ru')}».")
    five, badugi = rows
    return (f"Five-card hands are ranked by {five.en}, badugis by {badugi.en}." if lang == "en" else
            f"Пятикарточные руки сравниваются по системе «{five.ru}», бадуги — по системе «{badugi.ru}».")


def _showdown(t: GameTable, lang: str) -> str:
    en = lang == "en"
    if t.split and t.sides[0].half == "five-card":          # Z2: a five-card hand and a badugi of the same cards
        five, badugi = (ranking_system(side.system) for side in t.sides)
        return (f"If all but one fold, the last player takes the pot at once; otherwise the best five-card hand "
                f"under {five.en} and the best badugi made from the same cards under {badugi.en} split it; one "
                f"player may win both, and an odd chip goes to the five-card hand." if en else
                f"Если все, кроме одного, спасовали, оставшийся сразу забирает банк; иначе банк делят лучшая "
                f"пятикарточная рука по системе «{five.ru}» и лучшее бадуги из тех же карт по системе «{badugi.ru}»; "
                f"один игрок может выиграть обе половины, а лишняя фишка достаётся пятикарточной руке.")
    if t.split:
        high, low = t.sides
        qual = f", a low only if {low.qualifier.replace('-', ' ')}" if low.qualifier and en else \
            (f", причём в зачёт идёт только младшая рука «{load_rankings().qualifier(low.qualifier).ru}»"
             if low.qualifier else "")
        return (f"If all but one fold, the last player takes the pot at once; otherwise the best high hand and the "
                f"best low hand split it{qual} (no low: the high takes it all)." if en else
                f"Если все, кроме одного, спасовали, оставшийся сразу забирает банк; иначе банк делят лучшая "
                f"старшая и лучшая младшая рука{qual} (если младшей руки нет ни у кого, всё забирает старшая).")
    better = ranking_system(t.ranking).better == "lower"
    text = ("If all but one fold, the last player takes the pot at once; otherwise the "
            f"{'lowest' if better else 'highest'} hand takes it all" if en else
            "Если все, кроме одного, спасовали, оставшийся сразу забирает банк; иначе "
            f"весь банк забирает самая {'младшая' if better else 'старшая'} рука")
    return text + "."


SEVENS = {
    SevensRule.OFF: ("No sevens rule: a seven-low checked after the draw plays like any other hand.",
                     "Правила семёрок нет: семёрка, с которой после обмена сказали «чек», играет как любая рука."),
    SevensRule.SEED_004: ("The sevens rule: a player who checks a seven-low or better after the draw and wins "
                          "takes the pot as it stood at the check, the later bets going back to their owners.",
                          "Правило семёрок: кто после обмена сказал «чек» с семёркой или лучше и выиграл, забирает "
                          "банк, каким он был в момент чека, а поставленное после чека возвращается тем, кто ставил."),
    SevensRule.RRP: ("The sevens rule (RRP): a player who checks a seven-low or better after the draw wins only "
                     "the pot as it stood at the check; the later bets go to the best other hand.",
                     "Правило семёрок (по Robert's Rules): кто после обмена сказал «чек» с семёркой или лучше, "
                     "выигрывает только банк на момент чека, а поставленное после чека забирает лучшая из остальных "
                     "рук."),
    SevensRule.WHOLE_POT: ("The sevens rule: a player who checks a seven-low or better after the draw forfeits "
                           "the whole pot.", "Правило семёрок: кто после обмена сказал «чек» с семёркой или лучше, "
                           "теряет весь банк."),
}


@takes(table=TABLE, lang=LANGUAGE)
def table_rules(table: GameTable | None = None, lang: str = "en") -> list[tuple[str, str]]:
    """Return (clause id, sentence) for each rule of a game table, every number read from the table."""
    t = table or load_game_table()
    c = t.clauses
    en = lang == "en"
    deck = f"one {t.deck_cards}-card deck" + (" with the joker" if t.joker else "") if en else \
        f"одной колодой из {ru(t.deck_cards, CARD, 'gen')}" + (" с джокером" if t.joker else "")
    runs_out = RUNS_OUT[t.runs_out][0 if en else 1]
    if t.community_card_on_boards:       # N8 (a setting; by default the card is nobody's board, P4)
        runs_out += ("; it shows on every board when the next opener is chosen" if en else
                     "; при выборе начинающего торги она входит в открытые карты каждого")
    if t.runs_out in (RunsOut.RESHUFFLE_EARLIER, RunsOut.RESHUFFLE_ALL):
        runs_out += ("; a player may discard only as many cards as can then be served" if en else
                     "; сбросить можно не больше карт, чем потом найдётся на замену")
    rules = [
        ("players", f"{t.players_min} to {t.players_max} players, {deck}." if en else
         f"Играют от {t.players_min} до {ru(t.players_max, PLAYER, 'gen')} {deck}."),
        ("forced", _forced(t, lang)),
        ("size", _sizes(t, lang)),
        ("cap", _cap(t, lang)),
        ("stack", _stack(t, lang)),
        ("deal", _deal(t, lang)),
        ("button", "The dealer button moves one seat clockwise after every hand." if en else
         "После каждой раздачи баттон переходит на одно место по часовой стрелке."),
        ("ranking", _ranking(t, lang)),
        ("turn", _openers(t, lang, later=False)),
    ]
    if t.draws:
        rules.append(("draw", _draws(t, lang)))
    later = _openers(t, lang, later=True)
    if later:
        rules.append(("later_rounds", later))
    rules += [
        ("showdown", _showdown(t, lang)),
        ("split", f"Equal hands split the pot; the odd chip goes to {ODD_CHIP['en'][t.odd_chip.value]}." if en
         else f"Равные руки делят банк; лишняя фишка достаётся {ODD_CHIP['ru'][t.odd_chip.value]}."),
        ("result", "A player's result is the change of their stack." if en else
         "Результат игрока — изменение его стека."),
    ]
    extra = [("players", "runs_out", runs_out[0].upper() + runs_out[1:] + "."),
             ("turn", "check_raise", _check_raise(t, lang)),
             ("showdown", "round_end", _round_end(t, lang))]
    if t.raises_per_round is not None:
        extra.append(("cap", "heads_up", HEADS_UP[t.heads_up_cap.value][0 if en else 1]))
    if t.sevens_rule is not SevensRule.OFF or c["sevens"] != c["showdown"]:    # "off", said where a clause is cited
        extra.append(("showdown", "sevens", SEVENS[t.sevens_rule][0 if en else 1]))
    for beside, aspect, sentence in extra:
        at = next(i for i, (a, _) in enumerate(rules) if a == beside)
        if c[aspect] == c[beside] and aspect == "runs_out":     # "2 to 5 players, one deck: it never runs out."
            rules[at] = (beside, rules[at][1][:-1] + ": " + sentence[0].lower() + sentence[1:])
        elif c[aspect] == c[beside]:            # the same clause: one line
            rules[at] = (beside, rules[at][1] + " " + sentence)
        else:
            rules.insert(at + 1, (aspect, sentence))
    return [(c[aspect], sentence) for aspect, sentence in rules]


@takes(table=TABLE, lang=LANGUAGE)
def rules_text(table: GameTable | None = None, lang: str = "en") -> str:
    """Return the table's rules as lines "T1  ..." for printing."""
    return "\n".join(f"{clause:<3} {sentence}" for clause, sentence in table_rules(table, lang))
