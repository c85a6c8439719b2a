"""Step-by-step narration of a hand, in English and Russian, each line citing its clause.

The engine records events (``lowball.engine.events``): a key and its fields,
the clause among them, read from the game's table. This module only turns
them into sentences.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Iterable

from lowball.engine.events import Event, event
from lowball.core.arguments import TEXT, instance_of, mapping_of, optional, takes
from lowball.core.cards import Card
from lowball.core.files import quote
from lowball.core.rankings import LANGUAGE, load_rankings
from lowball.errors import ArgumentError
from lowball.ranking.joker import plays_as
from lowball.ranking.names import hand_name, rank_text
from lowball.text import plural
from lowball.text.words import with_suit_symbols
from lowball.text.plural import counted

ORDINALS = {
    "en": ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"],
    "ru": ["первое", "второе", "третье", "четвёртое", "пятое", "шестое", "седьмое", "восьмое"],
}
ROUND_ORDINALS = {
    "en": ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"],
    "ru": ["первый", "второй", "третий", "четвёртый", "пятый", "шестой", "седьмой", "восьмой"],
}
FINAL = {"en": "final", "ru": "последний"}
# The round a later opener opens: (not the last, the last).
OPENED_ROUND = {"en": ("{nth}", "final"), "ru": ("{nth} круг торгов", "последний круг торгов")}
# L2, Z2: a half of a split pot is told as the chips it holds, then which half of which pot ("win-half"): the high
# or the low (L2), the five-card hand's or the badugi's (Z2). Russian names the half and its pot in one phrase.
HALVES = {"en": {"high": "high", "low": "low", "five-card": "five-card", "badugi": "badugi", "whole": ""},
          "ru": {"high": "старшую половину {pot_name}", "low": "младшую половину {pot_name}",
                 "five-card": "половину {pot_name} за пятикарточную руку", "badugi": "половину {pot_name} за бадуги",
                 "whole": ""}}
# A pot's name by the engine's numbers (``pot_number``: 0 the main pot; ``pots``: how many): the only pot, the
# main pot, or side pot N; in Russian, the genitive where a half "of" the pot is meant.
POT_NAMES = {"en": ("the pot", "the main pot", "side pot {n}"), "ru": ("банк", "основной банк", "побочный банк {n}"),
             "ru-of": ("банка", "основного банка", "побочного банка {n}")}


def pot_name(number: int, pots: int, lang: str, of: bool = False) -> str:
    """Return the name of pot ``number`` of ``pots`` in ``lang`` (``of``: as a half of it is named).

    >>> pot_name(0, 1, "en"), pot_name(0, 2, "en"), pot_name(2, 3, "ru"), pot_name(1, 2, "ru", of=True)
    ('the pot', 'the main pot', 'побочный банк 2', 'побочного банка 1')
    """
    only, main, side = POT_NAMES[f"{lang}-of" if of and f"{lang}-of" in POT_NAMES else lang]
    return only if pots == 1 else main if number == 0 else side.format(n=number)


BEST = {"en": {"lowest": "lowest", "highest": "highest", "other": "best other"},
        "ru": {"lowest": "самая младшая", "highest": "самая старшая", "other": "лучшая из остальных"}}

LINES = {
    "en": {
        "ante": "{who} posts an ante of {ante} ({clause})",
        "small-blind": "{who} posts the small blind of {amount} ({clause})",
        "big-blind": "{who} posts the big blind of {amount} ({clause})",
        "straddle": "{who} straddles for {amount} ({clause})",
        "table-ante": "{who} posts the ante of {ante} for the whole table ({clause})",
        "post": "{who} posts {amount} ({clause})",
        "joining-post": "{who} joins the game with a live post of {amount}: it counts toward a call and changes "
                        "nobody's turn ({clause})",
        "joining-dead": "{who} puts {ante} in dead as well: it never counts toward a call ({clause})",
        "bring-in": "{who} brings it in for {amount} ({clause})",
        "deal": "{who} is dealt {count} {card_word}, one at a time, clockwise from the dealer's left ({clause})",
        "deal-down": "{who} is dealt {count} {card_word} face down ({clause})",
        "deal-up": "{who} is dealt {count} {card_word} face up: {shown} ({clause})",
        "deal-mixed": "{who} is dealt {down} {down_word} face down and {up} face up: {shown} ({clause})",
        "community": "the stub is short: {card} is dealt face up for everyone ({clause})",
        "round": "the {name} betting round begins; {who} acts first ({clause})",
        "open-pair": "{who} shows a pair: this round any player may bet or raise the big bet of {big} ({clause})",
        "check": "{who} checks ({clause})",
        "bet": "{who} bets {amount}{all_in} ({clause})",
        "complete": "{who} completes to {amount}{all_in} ({clause})",
        "raise": "{who} raises to {to}{all_in}: the {nth} raise of {cap} allowed ({clause})",
        "raise-unlimited": "{who} raises to {to}{all_in}: the {nth} raise; there is no cap now ({clause})",
        "raise-to": "{who} raises to {to}{all_in} ({clause})",
        "raise-counted": "{who} raises to {to}{all_in}: the {nth} of {cap} {action_word} allowed; forced bets do "
                         "not count ({clause})",
        "raise-short": "{who} raises to {to}{all_in}: less than a full raise, so it does not count toward the cap "
                       "({clause})",
        "call": "{who} calls {amount}{all_in} ({clause})",
        "fold": "{who} folds ({clause})",
        "fold-facing-no-bet": "{who} folds though nobody has bet, as this table allows ({clause})",
        "capped": "the round is capped: a bet and {cap} {raise_word} ({clause})",
        "capped-actions": "the round is capped: {cap} {action_word}, forced bets not counted ({clause})",
        "cap-lifted": "two players are left: the cap on raises is lifted ({clause})",
        "round-over-checked": "everyone checked: the round ends ({clause})",
        "round-over-called": "every active player has matched the last bet: the round ends ({clause})",
        "uncalled": "nobody matched {amount} of {who}'s bet: it goes back to {who} ({clause})",
        "stand-pat": "{who} stands pat ({clause})",
        "discard": "{who} discards {count}: {cards} ({clause})",
        "discard-unseen": "{who} discards {count}, unseen ({clause})",
        "replace": "{who} receives {count} new {card_word} ({clause})",
        "reshuffle": "the stub is short: the cards set aside are shuffled into a new stub ({clause})",
        "redeal": "nobody opened: the cards are dealt again and everyone antes again ({clause})",
        "opens-opener": "{who} opens the {name} round: {who} opened the first round ({clause})",
        "opens-next": "{who} opens the {name} round because {opener}, who opened the first round, has folded ({clause})",
        "opens-past-all-in": "{who} opens the {name} round because {opener}, who opened the first round, is all in "
                             "({clause})",
        "opens-checked": "{who} opens the {name} round: everyone checked in the first round, so the first active "
                         "player on the dealer's left opens ({clause})",
        "show": "{who} shows {hand}: {name}",
        "muck": "{who} mucks and gives up the pot ({clause})",
        "muck-shown": "{who}'s hand can win nothing: it goes into the muck ({clause})",
        "fold-win": "{who} takes the pot of {pot} at once: everyone else folded ({clause})",
        "muck-win": "{who} takes the pot of {pot}: every other hand was mucked ({clause})",
        "win": "{who} wins {pot_name} of {pot} with the {best} hand ({clause})",
        "win-other": "{who} wins {pot_name} of {pot} as the best other hand ({clause})",
        "win-half": "{who} wins {pot}, the {half} half of {pot_name}, with the {best} hand ({clause})",
        "no-low": "no hand makes a low of {qualifier} for {pot_name}: the best high hand takes it all ({clause})",
        "split": "{who} split {pot_name} of {pot}: {shares} ({clause})",
        "split-half": "{who} split {pot}, the {half} half of {pot_name}: {shares} ({clause})",
        "odd-chip": "the odd chip goes to {who}, the first winner on the dealer's left ({clause})",
        "odd-chip-lowest-seat": "the odd chips go to {who}, the winner in the lowest seat ({clause})",
        "odd-chip-high-card": "the odd chip goes to {who}, who holds the highest card by suit ({clause})",
        "odd-chip-high-card-as-ranked": "the odd chip goes to {who}, who holds the highest card by suit, the ace "
                                        "counted as the ranking counts it ({clause})",
        "odd-chip-high-card-played": "the odd chip goes to {who}, who plays the highest card by suit ({clause})",
        "odd-chip-low-card": "the odd chip goes to {who}, who holds the lowest card by suit ({clause})",
        "result": "{who}: {change} ({clause})",
        "dead-hand": "{who} holds {count} {card_word} after the draw: the hand is dead ({clause})",
        "sevens-check": "{who} checks a seven-low or better ({clause})",
        "sevens-rule": "the sevens rule: {who} checked a seven or better; {chips} {chip_word} put in after the check "
                       "are not {who}'s to win ({clause})",
        "sevens-rule-refund": "the sevens rule: {who} checked a seven or better and wins; {chips} {chip_word} put "
                              "in after the check go back to whoever put them in ({clause})",
        "sevens-rule-whole": "the sevens rule: {who} checked a seven or better and forfeits the whole pot of "
                             "{chips} to the best other hand ({clause})",
    },
    # Russian has no gender in the present tense: every line says what a player *does* (вносит, пасует,
    # меняет), never what a player *did* (открыл/открыла), so a name never needs a gender it does not
    # have; where a past act must be told, it is told of "игрок" (a masculine noun, whoever sits there).
    # "Пас" is folding; "меняет" is discarding and drawing. A name is only ever the subject (nominative):
    # names do not decline. Cards are written with their suit symbols (K♥), never as codes (Kh).
    "ru": {
        "ante": "{who} вносит анте {ante} ({clause})",
        "small-blind": "{who} ставит малый блайнд {amount} ({clause})",
        "big-blind": "{who} ставит большой блайнд {amount} ({clause})",
        "straddle": "{who} ставит стреддл {amount} ({clause})",
        "table-ante": "{who} вносит анте {ante} за весь стол ({clause})",
        "post": "{who} вносит обязательную ставку {amount} ({clause})",
        "joining-post": "{who} вступает в игру с живой ставкой {amount}: она идёт в счёт уравнивания и ничью "
                        "очередь не сдвигает ({clause})",
        "joining-dead": "{who} вносит ещё {ante} мёртвыми деньгами: они не идут в счёт уравнивания ({clause})",
        "bring-in": "{who} ставит бринг-ин {amount} ({clause})",
        "deal": "{who} получает {count} {card_word} в закрытую — по одной, по часовой стрелке, начиная слева "
                "от сдающего ({clause})",
        "deal-down": "{who} получает {count} {card_word} в закрытую ({clause})",
        "deal-up": "{who} получает {count} {card_word} в открытую: {shown} ({clause})",
        "deal-mixed": "{who} получает {down} {down_word} в закрытую и {up} в открытую: {shown} ({clause})",
        "community": "на всех карт в колоде не хватает: {card} открывается как общая карта ({clause})",
        "round": "{name} круг торгов начинает {who} ({clause})",
        "open-pair": "у игрока {who} открытая пара: в этом круге любой может ставить и повышать на большую "
                     "ставку {big} ({clause})",
        "check": "{who}: чек ({clause})",
        "bet": "{who} ставит {amount}{all_in} ({clause})",
        "complete": "{who} дополняет бринг-ин до полной ставки {amount}{all_in} ({clause})",
        "raise": "{who} повышает до {to}{all_in}: {nth} повышение из {cap} {allowed} ({clause})",
        "raise-unlimited": "{who} повышает до {to}{all_in}: {nth} повышение, лимита на повышения теперь нет "
                           "({clause})",
        "raise-to": "{who} повышает до {to}{all_in} ({clause})",
        "raise-counted": "{who} повышает до {to}{all_in}: {nth} действие из {cap} {allowed}; в счёт идут ставки, "
                         "комплиты и повышения, обязательные ставки — нет ({clause})",
        "raise-short": "{who} повышает до {to}{all_in}: это меньше полного повышения, и в лимит повышений оно не "
                       "засчитывается ({clause})",
        "call": "{who} уравнивает {amount}{all_in} ({clause})",
        "fold": "{who} пасует ({clause})",
        "fold-facing-no-bet": "{who} пасует, хотя ставки нет: за этим столом так можно ({clause})",
        "capped": "повышать больше нельзя: уже были ставка и {cap} {raise_word} ({clause})",
        "capped-actions": "повышать больше нельзя: уже сделано {cap} {action_word}, обязательные ставки не в счёт "
                          "({clause})",
        "cap-lifted": "остались двое: лимит на повышения снят ({clause})",
        "round-over-checked": "все сказали «чек»: круг торгов окончен ({clause})",
        "round-over-called": "все, кто остался в игре, уравняли последнюю ставку: круг торгов окончен ({clause})",
        "uncalled": "{who} забирает назад {amount}: эту часть ставки никто не уравнял ({clause})",
        "stand-pat": "{who} не меняет карт ({clause})",
        "discard": "{who} меняет {count} {card_word}: {cards} ({clause})",
        "discard-unseen": "{who} меняет {count} {card_word} в закрытую ({clause})",
        "replace": "{who} получает взамен {count} {card_word} ({clause})",
        "reshuffle": "карт в колоде не хватает: сброшенные раньше карты перемешивают в новую колоду ({clause})",
        "redeal": "торги никто не открыл: карты сдают заново, и все снова вносят анте ({clause})",
        "opens-opener": "{name} начинает {who}: кто открыл первый круг, тот начинает и этот ({clause})",
        "opens-next": "{name} начинает {who}: первый круг открыл игрок {opener}, но он уже вне игры, поэтому "
                      "начинает следующий по часовой стрелке ({clause})",
        "opens-past-all-in": "{name} начинает {who}: первый круг открыл игрок {opener}, но он пошёл ва-банк, "
                             "поэтому начинает следующий по часовой стрелке ({clause})",
        "opens-checked": "{name} начинает {who}: в первом круге все сказали «чек», поэтому начинает первый из "
                         "оставшихся слева от сдающего ({clause})",
        "show": "{who} показывает {hand}: {name}",
        "muck": "{who} сбрасывает карты, не показывая их, и отказывается от банка ({clause})",
        "muck-shown": "{who} проигрывает: эти карты ничего не выигрывают и уходят в сброс ({clause})",
        "fold-win": "{who} сразу забирает банк {pot}: остальные спасовали ({clause})",
        "muck-win": "{who} забирает банк {pot}: остальные сбросили карты, не показав их ({clause})",
        "win": "{who} забирает {pot_name} {pot}: {best} рука ({clause})",
        "win-half": "{who} забирает {half} ({pot}): {best} рука ({clause})",
        "win-other": "{who} забирает {pot_name} {pot} как лучшая из остальных рук ({clause})",
        "no-low": "ни у кого нет младшей руки ({qualifier}): {pot_name} целиком забирает лучшая старшая рука "
                  "({clause})",
        "split": "{who} делят {pot_name} {pot}: {shares} ({clause})",
        "split-half": "{who} делят {half} ({pot}): {shares} ({clause})",
        "odd-chip": "лишнюю фишку получает {who}: из победителей это место первое слева от сдающего ({clause})",
        "odd-chip-lowest-seat": "лишние фишки получает {who}: из победителей у этого места самый младший номер "
                                "({clause})",
        "odd-chip-high-card": "лишнюю фишку получает {who}: у этого игрока самая старшая карта с учётом масти "
                              "({clause})",
        "odd-chip-high-card-as-ranked": "лишнюю фишку получает {who}: у этого игрока самая старшая карта с учётом "
                                        "масти, туз — как в системе старшинства рук ({clause})",
        "odd-chip-high-card-played": "лишнюю фишку получает {who}: из пяти играющих карт у этого игрока самая "
                                     "старшая с учётом масти ({clause})",
        "odd-chip-low-card": "лишнюю фишку получает {who}: у этого игрока самая младшая карта с учётом масти "
                             "({clause})",
        "result": "{who}: {change} ({clause})",
        "dead-hand": "{who}: после обмена в руке {count} {card_nom} — рука мертва ({clause})",
        "sevens-check": "{who} говорит «чек» с семёркой или лучше ({clause})",
        "sevens-rule": "правило семёрок: после чека с семёркой или лучше {who} не может выиграть то, что "
                       "поставлено после чека ({chips} {chip_nom}) ({clause})",
        "sevens-rule-refund": "правило семёрок: {who} выигрывает после чека с семёркой или лучше, а поставленное "
                              "после чека ({chips} {chip_nom}) возвращается тем, кто ставил ({clause})",
        "sevens-rule-whole": "правило семёрок: после чека с семёркой или лучше {who} отдаёт весь банк ({chips} "
                             "{chip_nom}) лучшей из остальных рук ({clause})",
    },
}

# The lines of the reader's own seat ("you post an ante", "вы вносите анте"): ``narrate(..., you=name)``.
# A key missing here reads well with the name replaced by "you" / "вы" (e.g. "result": "you: +4").
YOU = {"en": "you", "ru": "вы"}
YOUR_LINES = {
    "en": {
        "ante": "you post an ante of {ante} ({clause})",
        "small-blind": "you post the small blind of {amount} ({clause})",
        "big-blind": "you post the big blind of {amount} ({clause})",
        "straddle": "you straddle for {amount} ({clause})",
        "table-ante": "you post the ante of {ante} for the whole table ({clause})",
        "post": "you post {amount} ({clause})",
        "joining-post": "you join the game with a live post of {amount}: it counts toward a call and changes "
                        "nobody's turn ({clause})",
        "joining-dead": "you put {ante} in dead as well: it never counts toward a call ({clause})",
        "bring-in": "you bring it in for {amount} ({clause})",
        "deal": "you are dealt {count} {card_word}, one at a time, clockwise from the dealer's left ({clause})",
        "deal-down": "you are dealt {count} {card_word} face down ({clause})",
        "deal-up": "you are dealt {count} {card_word} face up: {shown} ({clause})",
        "deal-mixed": "you are dealt {down} {down_word} face down and {up} face up: {shown} ({clause})",
        "round": "the {name} betting round begins; you act first ({clause})",
        "open-pair": "you show a pair: this round any player may bet or raise the big bet of {big} ({clause})",
        "check": "you check ({clause})",
        "bet": "you bet {amount}{all_in} ({clause})",
        "complete": "you complete to {amount}{all_in} ({clause})",
        "raise": "you raise to {to}{all_in}: the {nth} raise of {cap} allowed ({clause})",
        "raise-unlimited": "you raise to {to}{all_in}: the {nth} raise; there is no cap now ({clause})",
        "raise-to": "you raise to {to}{all_in} ({clause})",
        "raise-counted": "you raise to {to}{all_in}: the {nth} of {cap} {action_word} allowed; forced bets do "
                         "not count ({clause})",
        "raise-short": "you raise to {to}{all_in}: less than a full raise, so it does not count toward the cap "
                       "({clause})",
        "call": "you call {amount}{all_in} ({clause})",
        "fold": "you fold ({clause})",
        "fold-facing-no-bet": "you fold though nobody has bet, as this table allows ({clause})",
        "uncalled": "nobody matched {amount} of your bet: it goes back to you ({clause})",
        "stand-pat": "you stand pat ({clause})",
        "discard": "you discard {count}: {cards} ({clause})",
        "discard-unseen": "you discard {count}, unseen ({clause})",
        "replace": "you receive {count} new {card_word} ({clause})",
        "opens-opener": "you open the {name} round: you opened the first round ({clause})",
        "opens-past-all-in": "you open the {name} round because {opener}, who opened the first round, is all in "
                             "({clause})",
        "opens-next": "you open the {name} round because {opener}, who opened the first round, has folded "
                      "({clause})",
        "opens-checked": "you open the {name} round: everyone checked in the first round, so the first active "
                         "player on the dealer's left opens ({clause})",
        "show": "you show {hand}: {name}",
        "muck": "you muck and give up the pot ({clause})",
        "muck-shown": "your hand can win nothing: it goes into the muck ({clause})",
        "fold-win": "you take the pot of {pot} at once: everyone else folded ({clause})",
        "muck-win": "you take the pot of {pot}: every other hand was mucked ({clause})",
        "win": "you win {pot_name} of {pot} with the {best} hand ({clause})",
        "win-other": "you win {pot_name} of {pot} as the best other hand ({clause})",
        "win-half": "you win {pot}, the {half} half of {pot_name}, with the {best} hand ({clause})",
        "dead-hand": "you hold {count} {card_word} after the draw: your hand is dead ({clause})",
        "sevens-check": "you check a seven-low or better ({clause})",
        "sevens-rule": "the sevens rule: you checked a seven or better; {chips} {chip_word} put in after the check "
                       "are not yours to win ({clause})",
        "sevens-rule-refund": "the sevens rule: you checked a seven or better and win; {chips} {chip_word} put "
                              "in after the check go back to whoever put them in ({clause})",
        "sevens-rule-whole": "the sevens rule: you checked a seven or better and forfeit the whole pot of "
                             "{chips} to the best other hand ({clause})",
    },
    "ru": {
        "ante": "вы вносите анте {ante} ({clause})",
        "small-blind": "вы ставите малый блайнд {amount} ({clause})",
        "big-blind": "вы ставите большой блайнд {amount} ({clause})",
        "straddle": "вы ставите стреддл {amount} ({clause})",
        "table-ante": "вы вносите анте {ante} за весь стол ({clause})",
        "post": "вы вносите обязательную ставку {amount} ({clause})",
        "joining-post": "вы вступаете в игру с живой ставкой {amount}: она идёт в счёт уравнивания и ничью "
                        "очередь не сдвигает ({clause})",
        "joining-dead": "вы вносите ещё {ante} мёртвыми деньгами: они не идут в счёт уравнивания ({clause})",
        "bring-in": "вы ставите бринг-ин {amount} ({clause})",
        "deal": "вы получаете {count} {card_word} в закрытую — по одной, по часовой стрелке, начиная слева "
                "от сдающего ({clause})",
        "deal-down": "вы получаете {count} {card_word} в закрытую ({clause})",
        "deal-up": "вы получаете {count} {card_word} в открытую: {shown} ({clause})",
        "deal-mixed": "вы получаете {down} {down_word} в закрытую и {up} в открытую: {shown} ({clause})",
        "round": "{name} круг торгов начинаете вы ({clause})",
        "open-pair": "у вас открытая пара: в этом круге любой может ставить и повышать на большую ставку {big} "
                     "({clause})",
        "check": "вы: чек ({clause})",
        "bet": "вы ставите {amount}{all_in} ({clause})",
        "complete": "вы дополняете бринг-ин до полной ставки {amount}{all_in} ({clause})",
        "raise": "вы повышаете до {to}{all_in}: {nth} повышение из {cap} {allowed} ({clause})",
        "raise-unlimited": "вы повышаете до {to}{all_in}: {nth} повышение, лимита на повышения теперь нет "
                           "({clause})",
        "raise-to": "вы повышаете до {to}{all_in} ({clause})",
        "raise-counted": "вы повышаете до {to}{all_in}: {nth} действие из {cap} {allowed}; в счёт идут ставки, "
                         "комплиты и повышения, обязательные ставки — нет ({clause})",
        "raise-short": "вы повышаете до {to}{all_in}: это меньше полного повышения, и в лимит повышений оно не "
                       "засчитывается ({clause})",
        "call": "вы уравниваете {amount}{all_in} ({clause})",
        "fold": "вы пасуете ({clause})",
        "fold-facing-no-bet": "вы пасуете, хотя ставки нет: за этим столом так можно ({clause})",
        "uncalled": "вы забираете назад {amount}: эту часть ставки никто не уравнял ({clause})",
        "stand-pat": "вы не меняете карт ({clause})",
        "discard": "вы меняете {count} {card_word}: {cards} ({clause})",
        "discard-unseen": "вы меняете {count} {card_word} в закрытую ({clause})",
        "replace": "вы получаете взамен {count} {card_word} ({clause})",
        "opens-opener": "{name} начинаете вы: кто открыл первый круг, тот начинает и этот ({clause})",
        "opens-past-all-in": "{name} начинаете вы: первый круг открыл игрок {opener}, но он пошёл ва-банк, "
                             "поэтому начинает следующий по часовой стрелке ({clause})",
        "opens-next": "{name} начинаете вы: первый круг открыл игрок {opener}, но он уже вне игры, поэтому "
                      "начинает следующий по часовой стрелке ({clause})",
        "opens-checked": "{name} начинаете вы: в первом круге все сказали «чек», поэтому начинает первый из "
                         "оставшихся слева от сдающего ({clause})",
        "show": "вы показываете {hand}: {name}",
        "muck": "вы сбрасываете карты, не показывая их, и отказываетесь от банка ({clause})",
        "muck-shown": "вы проигрываете: ваши карты ничего не выигрывают и уходят в сброс ({clause})",
        "fold-win": "вы сразу забираете банк {pot}: остальные спасовали ({clause})",
        "muck-win": "вы забираете банк {pot}: остальные сбросили карты, не показав их ({clause})",
        "win": "вы забираете {pot_name} {pot}: {best} рука ({clause})",
        "win-half": "вы забираете {half} ({pot}): {best} рука ({clause})",
        "win-other": "вы забираете {pot_name} {pot} как лучшая из остальных рук ({clause})",
        "dead-hand": "у вас после обмена в руке {count} {card_nom} — рука мертва ({clause})",
        "sevens-check": "вы говорите «чек» с семёркой или лучше ({clause})",
        "sevens-rule": "правило семёрок: после чека с семёркой или лучше вы не можете выиграть то, что "
                       "поставлено после чека ({chips} {chip_nom}) ({clause})",
        "sevens-rule-refund": "правило семёрок: вы выигрываете после чека с семёркой или лучше, а поставленное "
                              "после чека ({chips} {chip_nom}) возвращается тем, кто ставил ({clause})",
        "sevens-rule-whole": "правило семёрок: после чека с семёркой или лучше вы отдаёте весь банк ({chips} "
                             "{chip_nom}) лучшей из остальных рук ({clause})",
    },
}
# "opens-next" and "opens-past-all-in" when the first round's opener, who folded or is all in, is the reader.
YOU_FOLDED = {
    "en": "{who} opens the {name} round because you opened the first round and have folded ({clause})",
    "ru": "{name} начинает {who}: первый круг открыли вы, но вы уже вне игры, поэтому начинает следующий по "
          "часовой стрелке ({clause})",
}
YOU_ALL_IN = {
    "en": "{who} opens the {name} round because you opened the first round and are all in ({clause})",
    "ru": "{name} начинает {who}: первый круг открыли вы, но вы пошли ва-банк, поэтому начинает следующий по "
          "часовой стрелке ({clause})",
}
# Words that agree with a number: (the Russian noun and its case, or the three Russian forms of a word that is
# no noun; the English singular and plural), and the field that holds the number (lowball.text.plural).
COUNTED = {
    "card_word": ((plural.CARD, "acc"), ("card", "cards"), "count"),      # получает 5 карт, меняет 1 карту
    "down_word": ((plural.CARD, "acc"), ("card", "cards"), "down"),       # получает 2 карты в закрытую
    "card_nom": ((plural.CARD, "nom"), ("card", "cards"), "count"),       # в руке 4 карты
    "raise_word": ((plural.RAISE, "nom"), ("raise", "raises"), "cap"),    # ставка и 3 повышения
    "chip_word": ((plural.CHIP, "acc"), ("chip", "chips"), "chips"),
    "chip_nom": ((plural.CHIP, "nom"), ("chip", "chips"), "chips"),      # (12 фишек), (1 фишка)
    "allowed": (("разрешённого", "разрешённых", "разрешённых"), ("allowed", "allowed"), "cap"),   # из 3 разрешённых
    "action_word": ((plural.ACTION, "nom"), ("bet, completion or raise", "bets, completions and raises"), "cap"),
}
# The fields that hold a player's name (or, for "split", several names joined by ", ").
NAME_FIELDS = ("who", "opener")


JOKER_AS = {"en": " (the joker plays as {rank})", "ru": " (джокер — {rank})"}
NO_LOW = {"en": "no low ({qualifier})", "ru": "младшей руки нет ({qualifier})"}
SEVENS_KEYS = {"seed-004": "sevens-rule-refund", "whole-pot": "sevens-rule-whole"}
ODD_CHIP_KEYS = {"lowest-seat": "odd-chip-lowest-seat", "high-card-by-suit": "odd-chip-high-card",
                 "high-card-by-suit-as-ranked": "odd-chip-high-card-as-ranked",
                 "high-card-played-by-suit": "odd-chip-high-card-played", "low-card-by-suit": "odd-chip-low-card"}
def qualifier_name(key: str, lang: str) -> str:
    """Return a low qualifier's name in ``lang``, as the rankings table gives it (L1); an unknown key as it is.

    >>> qualifier_name("eight-or-better", "ru"), qualifier_name("nine-or-better", "en")
    ('восьмёрка или лучше', 'nine-or-better')
    """
    for qualifier in load_rankings().qualifiers:
        if qualifier.key == key:
            return getattr(qualifier, lang)
    return key


ALL_IN = {"en": " (all in)", "ru": " (ва-банк)"}


def _round_name(index: int, rounds: int, last: bool, lang: str) -> str:
    if last or (rounds and index == rounds - 1 and index > 0):
        return FINAL[lang]
    return ROUND_ORDINALS[lang][index] if index < len(ROUND_ORDINALS[lang]) else f"{index + 1}"


# What ``you`` and ``names`` take: the reader's own seat, and how this language writes the players' names.
READER = optional(TEXT)
NAMES = optional(mapping_of(TEXT, TEXT, "a dict from the players' names to how to write them"))


# The fields of an event that hold chips, and what one chip is worth in a hand played for money (a room's hand, O5).
MONEY_FIELDS = ("ante", "amount", "to", "big", "pot", "chips")
UNIT = optional(instance_of(Decimal, "what one chip is worth, a Decimal such as Decimal('0.01')"))


def money_text(chips: int, unit: Decimal | None) -> str:
    """Return chips as the narration writes them: the number itself, or money where a chip is a cent (O5).

    >>> money_text(129, None), money_text(129, Decimal("0.01")), money_text(5, Decimal("0.01"))
    ('129', '1.29', '0.05')
    """
    if unit is None or unit == 1:
        return str(chips)
    return str((Decimal(chips) * unit).quantize(unit))


@takes(item=instance_of(Event, "an event (lowball.engine.events.Event)"), lang=LANGUAGE, you=READER, names=NAMES,
       unit=UNIT)
def render(item: Event, lang: str = "en", you: str | None = None, names: dict[str, str] | None = None,
           unit: Decimal | None = None) -> str:
    """Return the narration line of one event in ``lang`` ('en' or 'ru').

    ``you``: the name of the reader's own seat, told in the second person ("you
    post", "вы вносите"); ``names``: how to write the players' names in this
    language (e.g. ``{"Lena": "Лена"}``); a name not in it is written as it is;
    ``unit``: what one chip is worth where a hand was played for money
    (``Decimal("0.01")``: its amounts are told as money, O5).

    >>> render(event("ante", who="you", ante=1, clause="T2"), you="you")
    'You post an ante of 1 (T2)'
    >>> render(event("fold", who="Lena", clause="B1"), "ru", names={"Lena": "Лена"})
    'Лена пасует (B1)'
    """
    fields = dict(item.fields)
    key = item.key
    if unit is not None and unit != 1:       # a room's hand: chips are cents, told as money (O5)
        for name in MONEY_FIELDS:
            if isinstance(fields.get(name), int):
                fields[name] = money_text(fields[name], unit)
    if isinstance(fields.get("shares"), tuple):
        fields["shares"] = ", ".join(f"{who} {money_text(chips, unit)}" for who, chips in fields["shares"])
    if "qualifier" in fields:
        fields["qualifier"] = qualifier_name(str(fields["qualifier"]), lang)
    if key == "show":
        cards, systems = fields.pop("cards"), fields.pop("systems")
        qualifiers = fields.pop("qualifiers", ("",) * len(systems))
        from lowball.ranking.best import best_five, best_low

        from lowball.ranking import as_system

        shown = []
        for system, qualifier in zip(systems, qualifiers):
            row = as_system(system)
            if len(cards) < row.hand_size:       # an all-in show before the last cards
                continue
            if qualifier and best_low(cards, qualifier) is None:       # L1: a low that does not qualify
                shown.append(NO_LOW[lang].format(qualifier=qualifier_name(qualifier, lang)))
                continue
            five = best_five(cards, system) if row.five_cards or len(cards) > row.hand_size else tuple(cards)   # U1, Z2
            joker = plays_as(five, system)
            played = JOKER_AS[lang].format(rank=Card(joker, "s").rank_char) if joker else ""     # F8
            shown.append(f"{rank_text(five, system)}: {hand_name(five, system, lang)}{played}")
        if not shown:                       # an all-in show before the last cards: no five-card hand yet
            shown = [" ".join(map(str, cards)) + ": " + ("no hand yet" if lang == "en" else "руки ещё нет")]
        fields["hand"], fields["name"] = shown[0].split(": ", 1) if len(systems) == 1 else \
            (" ".join(map(str, cards)), "; ".join(n for n in shown if n))
    if key == "deal":             # the first deal of a draw game, all down; a stud street, down, up or both (L3)
        up, count = int(fields.get("up") or 0), int(fields["count"])
        fields["down"] = count - up
        key = "deal-mixed" if 0 < up < count else "deal-up" if up else "deal" if count > 1 else "deal-down"
    if key == "fold-win" and fields.get("mucked"):       # S1: the others mucked at the showdown
        key = "muck-win"
    if key == "win" and fields.get("best") == "other":       # F7: the chips the sevens rule takes from the checker
        key = "win-other"
    if key == "discard" and not fields.get("cards"):      # a hand history's unknown cards ("????")
        key = "discard-unseen"
    if key == "sevens-rule":        # F7: the settings say different things of the chips after the check
        key = SEVENS_KEYS.get(str(fields.get("rule")), key)
    if key == "odd-chip":
        key = ODD_CHIP_KEYS.get(str(fields.get("rule")), "odd-chip")
    if "nth" in fields:
        nth = int(fields["nth"])
        ordinals = ORDINALS[lang]
        fields["nth"] = ordinals[nth - 1] if 0 < nth <= len(ordinals) else (f"{nth}th" if lang == "en" else f"{nth}-е")
    if "round" in fields:
        fields["name"] = _round_name(int(fields["round"]), int(fields.get("rounds", 0)), False, lang)
    elif key.startswith("opens-"):
        fields["name"] = OPENED_ROUND[lang][bool(fields.get("last"))].format(
            nth=ROUND_ORDINALS[lang][min(int(fields.get("number", 1)), 7)])
    if "all_in" in fields:
        fields["all_in"] = ALL_IN[lang] if fields["all_in"] else ""
    half = str(fields.get("half", "whole"))
    if key in ("win", "split") and half in HALVES[lang] and half != "whole":
        key += "-half"
    if "half" in fields or "pots" in fields:
        fields["pot_name"] = pot_name(int(fields.get("pot_number", 0)), int(fields.get("pots", 1)), lang,
                                      of=key.endswith("-half"))
    if "half" in fields:
        fields["half"] = HALVES[lang].get(half, "").format(pot_name=fields["pot_name"])
    if "best" in fields:
        fields["best"] = BEST[lang][str(fields["best"])]
    if "change" in fields:                    # a result: "+4", and "-4" (Russian writes a true minus, "−4")
        change = int(fields["change"])
        sign = "+" if change >= 0 else "-"
        text = f"{sign}{money_text(abs(change), unit)}"
        fields["change"] = text if lang == "en" else text.replace("-", "\u2212")
    for word, (russian, english, number) in COUNTED.items():
        if number in fields:
            n = int(fields[number])
            if lang == "en":
                fields[word] = counted(n, english, lang)
            elif isinstance(russian[0], plural.Noun):
                fields[word] = russian[0].form(n, russian[1])
            else:
                fields[word] = counted(n, russian, lang)
    template = LINES[lang][key]
    mine = you is not None and fields.get("who") == you
    if mine and key in YOUR_LINES[lang]:
        template = YOUR_LINES[lang][key]
    elif key in ("opens-next", "opens-past-all-in") and you is not None and fields.get("opener") == you:
        template = (YOU_FOLDED if key == "opens-next" else YOU_ALL_IN)[lang]
    for field in NAME_FIELDS:
        if field in fields:
            fields[field] = ", ".join(YOU[lang] if name == you else (names or {}).get(name, name)
                                      for name in str(fields[field]).split(", "))
    line = template.format(**fields)
    if lang == "ru":                          # a Russian sentence writes cards as a reader does: K♥, not Kh
        line = with_suit_symbols(line)
    return line[:1].upper() + line[1:] if line.startswith(YOU[lang]) else line


@takes(lang=LANGUAGE, you=READER, names=NAMES, unit=UNIT)
def narrate(events: Iterable[Event] | object, lang: str = "en", you: str | None = None,
            names: dict[str, str] | None = None, unit: Decimal | None = None) -> list[str]:
    """Return the narration of a hand (or of a list of events), one line per step, in ``lang``.

    ``you`` and ``names`` as for ``render``: the reader's own seat in the second
    person, and the players' names as this language writes them.

    >>> narrate([event("check", who="p1", clause="B1")], "ru")
    ['p1: чек (B1)']
    >>> narrate([event("bet", who="you", amount=1, all_in=False, clause="T3")], "ru", you="you")
    ['Вы ставите 1 (T3)']
    """
    items = getattr(events, "events", events)
    if isinstance(items, (str, bytes, dict)) or not hasattr(items, "__iter__"):
        raise ArgumentError(f"narrate: events: expected a hand or a list of events, got {quote(events, 40)}")
    items = list(items)
    if not all(isinstance(item, Event) for item in items):
        bad = next(item for item in items if not isinstance(item, Event))
        raise ArgumentError(f"narrate: events: expected a hand or a list of events, got {quote(bad, 40)} among them")
    lines, shown = [], set()
    for item in items:
        if item.key == "show":
            shown.add(item.get("who"))
        elif item.key == "muck" and item.get("who") in shown:     # a shown hand that can win nothing
            item = event("muck-shown", **dict(item.fields))
        lines.append(render(item, lang, you, names, unit))
    return lines


def say(key: str, **fields: object) -> Event:
    """Return an event for the narration line ``key`` with ``fields`` (for docs and lessons).

    >>> render(say("raise", who="p2", to=3, nth=2, cap=3, all_in=False, clause="T4"))
    'p2 raises to 3: the second raise of 3 allowed (T4)'
    >>> render(say("raise", who="p2", to=3, nth=2, cap=3, all_in=False, clause="T4"), "ru")
    'p2 повышает до 3: второе повышение из 3 разрешённых (T4)'
    >>> render(say("raise", who="p2", to=2, nth=1, cap=1, all_in=False, clause="T4"), "ru")
    'p2 повышает до 2: первое повышение из 1 разрешённого (T4)'
    """
    return event(key, **fields)
