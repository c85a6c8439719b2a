"""One table's reading of the betting round: the rules' constants read once, their tests taken, the calls written out.

A round's rules (``betting_round.Rules``) are constants for the whole of a table's session: whether there is a
cap, the short all-in mode, whether a player may check-raise. ``specialise`` reads those the caller names into
the plain bodies once (``not r.check_raise`` becomes ``False``) and takes every test they alone decide (``if
r.cap is None``, ``match r.short_all_in``), so the engine no longer asks them at every decision;
``inline_statements`` then writes the calls of the many-line rules into their callers, so that one decision or
one step of the round is one Python call. Both rewrite the plain bodies only: the text is still the rules' own,
and the Z3 reading is untouched.

The engine plays these readings (``betting_round.specialised``) once a street has started enough rounds;
``tests/test_verify_engine.py`` compares them with the Z3 reading on reachable states, and a test plays every
built-in table with both plain readings and finds the same hands.
"""

from __future__ import annotations

import ast
import enum
import functools
import inspect
from typing import Any, Callable

from lowball.engine.readings import clone, inline, plain_tree, walk

# The types of a rule's field that are written into the body as constants (an enum member keeps its name).
LITERALS = (bool, int, float, str, type(None))


def _locals(definition: ast.FunctionDef) -> set[str]:
    """Return the names a function binds: its parameters, and every name it assigns (comprehensions included)."""
    bound = {a.arg for a in [*definition.args.args, *definition.args.kwonlyargs]}
    return bound | {n.id for n in walk(definition) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}


class _Fold(ast.NodeTransformer):
    """Read the ``known`` fields of the rules ``param`` as constants (and ``r.f is None`` for the fields of
    ``nones``), and take every test whose value they alone decide."""

    def __init__(self, param: str | None, known: dict[str, Any], nones: dict[str, bool], namespace: dict[str, Any],
                 bound: set[str], counts: dict[str, int] | None = None):
        self.param, self.known, self.nones, self.namespace, self.bound = param, known, nones, namespace, bound
        self.counts = counts or {}

    def _field(self, node: ast.AST) -> str | None:
        """Return the field ``f`` when ``node`` reads ``r.f`` of the rules."""
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == self.param:
            return node.attr
        return None

    def static(self, node: ast.AST) -> tuple[bool, Any]:
        """Return (True, value) when the rules alone decide ``node``'s value (an enum read from the module counts)."""
        if isinstance(node, ast.Constant):
            return True, node.value
        if isinstance(node, ast.Name) and node.id not in self.bound and node.id in self.namespace:
            value = self.namespace[node.id]
            return (True, value) if isinstance(value, type) and issubclass(value, enum.Enum) else (False, None)
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id == self.param:
                return (True, self.known[node.attr]) if node.attr in self.known else (False, None)
            known, value = self.static(node.value)
            if known and isinstance(value, type) and issubclass(value, enum.Enum):
                return True, getattr(value, node.attr)
            return False, None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            known, value = self.static(node.operand)
            return (True, not value) if known else (False, None)
        if isinstance(node, ast.Compare):
            field = self._field(node.left)
            if field in self.nones and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.IsNot)) \
                    and isinstance(node.comparators[0], ast.Constant) and node.comparators[0].value is None:
                return True, self.nones[field] == isinstance(node.ops[0], ast.Is)      # ``r.cap is None``
            values = [self.static(n) for n in [node.left, *node.comparators]]
            if not all(known for known, _ in values):
                return False, None
            result = True
            for op, (_, a), (_, b) in zip(node.ops, values, values[1:]):
                result = result and COMPARE[type(op)](a, b)
            return True, result
        return False, None

    def _constant(self, node: ast.AST) -> ast.AST:
        known, value = self.static(node)
        if known and type(value) in LITERALS:
            return ast.copy_location(ast.Constant(value), node)
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        node = self.generic_visit(node)
        if isinstance(node.value, ast.Name) and f"{node.value.id}.{node.attr}" in self.counts:
            return ast.copy_location(ast.Constant(self.counts[f"{node.value.id}.{node.attr}"]), node)
        return self._constant(node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        node = self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "len" and len(node.args) == 1 \
                and isinstance(node.args[0], ast.Name) and f"len({node.args[0].id})" in self.counts:
            return ast.copy_location(ast.Constant(self.counts[f"len({node.args[0].id})"]), node)
        if isinstance(node.func, ast.Name) and node.func.id in ("any", "all") and node.func.id not in self.bound \
                and len(node.args) == 1 and isinstance(node.args[0], ast.ListComp):
            terms = self._unrolled(node.args[0], node.func.id)
            if terms is not None:
                node.args = [ast.copy_location(ast.Tuple(elts=terms, ctx=ast.Load()), node.args[0])]
        node.args = _flat(node.args)
        return node

    def visit_ListComp(self, node: ast.ListComp) -> ast.AST:
        terms = self._unrolled(node, None)
        if terms is not None:
            return ast.copy_location(ast.List(elts=terms, ctx=ast.Load()), node)
        return self.generic_visit(node)

    def visit_Tuple(self, node: ast.Tuple) -> ast.AST:
        node = self.generic_visit(node)
        node.elts = _flat(node.elts)
        return node

    def visit_List(self, node: ast.List) -> ast.AST:
        node = self.generic_visit(node)
        node.elts = _flat(node.elts)
        return node

    def _unrolled(self, node: ast.ListComp, inside: str | None) -> list[ast.expr] | None:
        """Return the terms of a comprehension over ``range`` of constants, written out one by one (``[f(j) for j
        in range(3)]`` is ``[f(0), f(1), f(2)]``), each filter taken where the rules decide it; None when it cannot
        be. Inside ``any`` or ``all`` (``inside``) a filter the rules do not decide joins its term: ``any`` of
        ``c and t``, ``all`` of ``not c or t``."""
        if len(node.generators) != 1:
            return None
        loop = node.generators[0]
        loop.iter = self.visit(loop.iter)
        bounds = loop.iter
        if loop.is_async or not isinstance(loop.target, ast.Name) or not isinstance(bounds, ast.Call) \
                or not isinstance(bounds.func, ast.Name) or bounds.func.id != "range" or "range" in self.bound \
                or bounds.keywords or not 1 <= len(bounds.args) <= 2 \
                or not all(isinstance(a, ast.Constant) and type(a.value) is int for a in bounds.args):
            return None
        name = loop.target.id
        parts = [node.elt, *loop.ifs]
        inner = [n for part in parts for n in walk(part)
                 if isinstance(n, (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp, ast.Lambda))]
        if any(name in _locals_of(n) for n in inner):
            return None                              # a nested scope of the same name: leave it
        if any(isinstance(n, (ast.GeneratorExp, ast.Lambda)) and any(isinstance(m, ast.Name) and m.id == name
                                                                     for m in walk(n)) for n in inner):
            return None                              # read later than the loop runs (a lambda, a generator)
        terms = []
        for value in range(*(a.value for a in bounds.args)):
            put = _Rename({name: ast.Constant(value)})
            term = self.visit(put.visit(clone(node.elt)))
            tests = [self.visit(put.visit(clone(test))) for test in loop.ifs]
            kept = True
            for test in tests:
                known, holds = self.static(test)
                if known:
                    kept = kept and bool(holds)
                elif inside == "any":
                    term = ast.BoolOp(op=ast.And(), values=[test, term])
                elif inside == "all":
                    term = ast.BoolOp(op=ast.Or(), values=[ast.UnaryOp(op=ast.Not(), operand=test), term])
                else:
                    return None
            if kept:
                terms.append(term)
        return terms

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        return self._constant(self.generic_visit(node))

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        return self._constant(self.generic_visit(node))

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        """``True and x`` is ``x``, ``False and x`` is ``False`` (and the same for ``or``): a leading constant
        decides or drops out; a later one stays (``x and True`` is not ``x`` when ``x`` is 0)."""
        node = self.generic_visit(node)
        values = list(node.values)
        decides = (lambda v: not v) if isinstance(node.op, ast.And) else (lambda v: bool(v))
        while len(values) > 1 and isinstance(values[0], ast.Constant):
            if decides(values[0].value):
                return values[0]
            values.pop(0)
        if len(values) == 1:
            return values[0]
        node.values = values
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        node = self.generic_visit(node)
        known, value = self.static(node.test)
        return (node.body if value else node.orelse) if known else node

    def visit_If(self, node: ast.If) -> Any:
        node = self.generic_visit(node)
        known, value = self.static(node.test)
        return (node.body if value else node.orelse) if known else node

    def visit_Match(self, node: ast.Match) -> Any:
        node = self.generic_visit(node)
        known, subject = self.static(node.subject)
        if not known:
            return node
        for case in node.cases:
            matched = self._matches(case.pattern, subject)
            if matched is None or case.guard is not None:
                return node                      # a pattern this reading does not take: leave the match
            if matched:
                return case.body
        return []

    def _matches(self, pattern: ast.pattern, subject: Any) -> bool | None:
        if isinstance(pattern, ast.MatchValue):
            known, value = self.static(pattern.value)
            return (subject == value) if known else None
        if isinstance(pattern, ast.MatchOr):
            found = [self._matches(p, subject) for p in pattern.patterns]
            return None if None in found else any(found)
        if isinstance(pattern, ast.MatchAs) and pattern.pattern is None and pattern.name is None:
            return True                          # case _
        return None


def _flat(items: list[ast.expr]) -> list[ast.expr]:
    """Return items with each ``*[a, b]`` (a list or tuple written out) as ``a, b``."""
    out = []
    for item in items:
        if isinstance(item, ast.Starred) and isinstance(item.value, (ast.List, ast.Tuple)):
            out.extend(item.value.elts)
        else:
            out.append(item)
    return out


def _locals_of(node: ast.AST) -> set[str]:
    """Return the names a comprehension or lambda binds."""
    if isinstance(node, ast.Lambda):
        return {a.arg for a in node.args.args}
    return {n.id for g in node.generators for n in walk(g.target) if isinstance(n, ast.Name)}


def _propagate(definition: ast.FunctionDef) -> ast.FunctionDef:
    """Write each name the function assigns once, at its top level, to a constant (``n = 4``) as that constant
    where it is read after (its comprehensions included)."""
    stores: dict[str, int] = {}
    for node in walk(definition):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
    params = {a.arg for a in [*definition.args.args, *definition.args.kwonlyargs]}
    for at, statement in enumerate(definition.body):
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                and isinstance(statement.targets[0], ast.Name) and isinstance(statement.value, ast.Constant) \
                and stores.get(statement.targets[0].id) == 1 and statement.targets[0].id not in params:
            put = _Rename({statement.targets[0].id: statement.value})
            definition.body[at + 1:] = [put.visit(later) for later in definition.body[at + 1:]]
    return definition


COMPARE = {ast.Is: lambda a, b: a is b, ast.IsNot: lambda a, b: a is not b, ast.Eq: lambda a, b: a == b,
           ast.NotEq: lambda a, b: a != b, ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b,
           ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b, ast.In: lambda a, b: a in b,
           ast.NotIn: lambda a, b: a not in b}


def _tidy(node: ast.AST) -> ast.AST:
    """Drop what follows a ``return`` or ``raise`` in each block (it never runs), and give an emptied block a
    ``pass``."""
    for field in ("body", "orelse", "finalbody"):
        block = getattr(node, field, None)
        if not isinstance(block, list) or not all(isinstance(s, ast.stmt) for s in block):
            continue
        kept = []
        for statement in block:
            kept.append(_tidy(statement))
            if isinstance(statement, (ast.Return, ast.Raise)):
                break
        if not kept and field == "body":
            kept = [ast.Pass()]
        setattr(node, field, kept)
    for case in getattr(node, "cases", []):
        _tidy(case)
    return node


def specialise(definitions: dict[str, ast.FunctionDef], param: str, known: dict[str, Any], nones: dict[str, bool],
               namespace: dict[str, Any], counts: dict[str, int] | None = None) -> dict[str, ast.FunctionDef]:
    """Return copies of the plain bodies with the fields ``known`` of the rules ``param`` read as constants, and
    ``r.f is None`` as ``nones`` says for the fields there; every test they decide taken, the code after a
    ``return`` dropped. (The other fields, numbers, stay read from ``r``: tables alike but for their stakes
    share one specialised reading.) ``counts``: expressions whose value the caller promises (``"s.n": 4``, the
    seats), read as constants; a comprehension over ``range`` of constants is then written out term by term.

    >>> def capped(o, r, s):
    ...     if r.cap is None:
    ...         return False
    ...     return o.And(s.count >= r.cap, o.Not(r.lifted_heads_up and s.lifted))
    >>> one = specialise({"capped": plain_tree(capped)}, "r", {"lifted_heads_up": True}, {"cap": False}, {})
    >>> print(ast.unparse(one["capped"]))
    def capped(o, r, s):
        return s.count >= r.cap and (not s.lifted)
    """
    out = {}
    for name, definition in definitions.items():
        definition = clone(definition)
        bound = _locals(definition)
        takes = param in {a.arg for a in definition.args.args}
        fold = _Fold(param if takes else None, known, nones, namespace, bound - {param}, counts)
        folded = fold.visit(definition)
        if counts:                            # ``n = 4`` read where ``n`` is, then the loops over it written out
            folded = fold.visit(_propagate(folded))
        out[name] = _tidy(folded)
    return out


def _body(definition: ast.FunctionDef) -> list[ast.stmt]:
    """Return a function's statements without its docstring."""
    body = definition.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    return body


def _returns(statements: list[ast.stmt]) -> list[ast.Return]:
    return [n for s in statements for n in walk(s) if isinstance(n, ast.Return)]


def _inlinable(definition: ast.FunctionDef) -> bool:
    """Return whether a body may be written into a caller: plain statements, no nested function, no ``yield``
    unless it is a generator (those go into a ``for`` only), no ``global``."""
    return not any(isinstance(n, (ast.FunctionDef, ast.Lambda, ast.AsyncFunctionDef, ast.Global, ast.Nonlocal,
                                  ast.Await, ast.YieldFrom, ast.Try, ast.With))
                   for s in definition.body for n in walk(s))


class _Rename(ast.NodeTransformer):
    def __init__(self, names: dict[str, ast.expr]):
        self.names = names

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in self.names:
            new = clone(self.names[node.id])
            if isinstance(new, ast.Name):
                new.ctx = node.ctx
            return ast.copy_location(new, node)
        return node


class _Statements(ast.NodeTransformer):
    """Write calls of many-line rules into the caller's statements, where a statement holds the call whole:

    * ``return f(...)``: ``f``'s body (its own ``return`` returns from the caller, as the call's value would);
    * ``x = f(...)`` where ``f`` returns once, at its end: ``f``'s body, then ``x = `` its value;
    * ``f(...)`` where ``f`` returns nothing: ``f``'s body;
    * ``for x in g(...): body`` where the generator ``g`` yields only as whole statements of its own body: each
      ``yield v`` becomes ``x = v`` and the loop's body (which has no ``break`` or ``continue``).

    Each written-out body gets its own names (``_f1_t``), its parameters bound to the arguments.
    """

    def __init__(self, rules: dict[str, ast.FunctionDef], caller: ast.FunctionDef, counter: list[int],
                 facts: dict[str, tuple[bool, set[str]]]):
        self.rules = rules
        self.caller = caller.name
        self.definition = caller
        self.counter = counter
        self.facts = facts               # by rule: (may be written out, the names it reads), while it is unchanged
        self.changed = False

    @functools.cached_property
    def local(self) -> set[str]:
        """Return the caller's own names (read once a call is found that may be written out)."""
        return _locals(self.definition)

    def _facts(self, name: str) -> tuple[bool, set[str]]:
        if name not in self.facts:
            definition = self.rules[name]
            self.facts[name] = (_inlinable(definition), _free(definition))
        return self.facts[name]

    def _callee(self, node: ast.AST) -> ast.FunctionDef | None:
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in self.rules
                and node.func.id != self.caller and not node.keywords
                and not any(isinstance(a, ast.Starred) for a in node.args)):
            return None
        definition = self.rules[node.func.id]
        args = definition.args
        if args.vararg or args.kwarg or args.kwonlyargs or len(node.args) > len(args.args) or \
                len(node.args) < len(args.args) - len(args.defaults):
            return None
        inlinable, free = self._facts(node.func.id)
        if not inlinable:
            return None
        missing = args.args[len(node.args):]
        defaults = args.defaults[len(args.defaults) - len(missing):] if missing else []
        if not all(isinstance(d, ast.Constant) for d in defaults):
            return None
        if free & self.local:                       # a caller's name would hide a name the rule reads
            return None
        return definition

    def _bind(self, definition: ast.FunctionDef, call: ast.Call) -> tuple[list[ast.stmt], list[ast.stmt]]:
        """Return the statements that bind the parameters, and the callee's body with its names made its own."""
        self.counter[0] += 1
        prefix = f"_{definition.name.lstrip('_')}{self.counter[0]}_"
        params = [a.arg for a in definition.args.args]
        args = list(call.args) + list(definition.args.defaults[len(definition.args.defaults)
                                                               - (len(params) - len(call.args)):]
                                      if len(params) > len(call.args) else [])
        body = clone(_body(definition))
        assigned = {n.id for s in body for n in walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        names: dict[str, ast.expr] = {name: ast.Name(prefix + name, ast.Load()) for name in assigned}
        binding = []
        for param, arg in zip(params, args):
            if param not in assigned and isinstance(arg, (ast.Name, ast.Constant)):
                names[param] = arg
            else:
                names[param] = ast.Name(prefix + param, ast.Load())
                binding.append(ast.copy_location(ast.Assign(targets=[ast.Name(prefix + param, ast.Store())],
                                                            value=arg), call))
        renamer = _Rename(names)
        return binding, [renamer.visit(s) for s in body]

    def _block(self, statements: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for statement in statements:
            out.extend(self._one(statement))
        return out

    def _one(self, statement: ast.stmt) -> list[ast.stmt]:
        for field in ("body", "orelse", "finalbody"):
            block = getattr(statement, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                setattr(statement, field, self._block(block))
        for case in getattr(statement, "cases", []):
            case.body = self._block(case.body)
        if isinstance(statement, ast.Return) and (callee := self._callee(statement.value)) is not None \
                and not _is_generator(callee):
            binding, body = self._bind(callee, statement.value)
            self.changed = True
            return binding + body
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                and (callee := self._callee(statement.value)) is not None and not _is_generator(callee):
            body = _body(callee)
            if body and isinstance(body[-1], ast.Return) and body[-1].value is not None \
                    and len(_returns(body)) == 1:
                binding, written = self._bind(callee, statement.value)
                value = written[-1].value
                self.changed = True
                return binding + written[:-1] + [ast.copy_location(
                    ast.Assign(targets=statement.targets, value=value), statement)]
        if isinstance(statement, ast.Expr) and (callee := self._callee(statement.value)) is not None \
                and not _is_generator(callee) and not _returns(_body(callee)):
            binding, written = self._bind(callee, statement.value)
            self.changed = True
            return binding + written
        if isinstance(statement, ast.For) and not statement.orelse \
                and (callee := self._callee(statement.iter)) is not None and _is_generator(callee) \
                and not any(isinstance(n, (ast.Break, ast.Continue, ast.Yield)) for s in statement.body
                            for n in walk(s)):
            body = _body(callee)
            flat = all(not any(isinstance(n, ast.Yield) for n in walk(s)) or
                       (isinstance(s, ast.Expr) and isinstance(s.value, ast.Yield)
                        and not any(isinstance(n, ast.Yield) for n in walk(s.value.value)))
                       for s in body) and not _returns(body)
            if flat:
                binding, written = self._bind(callee, statement.iter)
                out = binding
                for s in written:
                    if isinstance(s, ast.Expr) and isinstance(s.value, ast.Yield):
                        out.append(ast.copy_location(ast.Assign(targets=[clone(statement.target)],
                                                                value=s.value.value or ast.Constant(None)), s))
                        out.extend(clone(statement.body))
                    else:
                        out.append(s)
                self.changed = True
                return out
        return [statement]


def _free(definition: ast.FunctionDef) -> set[str]:
    """Return the names a function reads that it does not bind (the module's, the builtins)."""
    return {n.id for n in walk(definition) if isinstance(n, ast.Name)} - _locals(definition)


def _is_generator(definition: ast.FunctionDef) -> bool:
    return any(isinstance(n, (ast.Yield, ast.YieldFrom)) for s in definition.body for n in walk(s))


def inline_statements(definitions: dict[str, ast.FunctionDef], rounds: int = 6) -> dict[str, ast.FunctionDef]:
    """Return the plain bodies with the calls of many-line rules written into their callers (``_Statements``),
    then the one-line rules (``inline``), until nothing changes (at most ``rounds`` times).

    >>> def owed(o, s, i):
    ...     lvl = o.Max(s.bets)
    ...     return lvl - s.bets[i]
    >>> def call(o, s, i):
    ...     cost = owed(o, s, i)
    ...     return o.Min(cost, s.stacks[i])
    >>> print(ast.unparse(inline_statements({"owed": plain_tree(owed), "call": plain_tree(call)})["call"]))
    def call(o, s, i):
        _owed1_lvl = max(s.bets)
        cost = _owed1_lvl - s.bets[i]
        return min(cost, s.stacks[i])
    """
    counter = [0]
    definitions = inline(definitions)
    for _ in range(rounds):
        changed = False
        facts: dict[str, tuple[bool, set[str]]] = {}
        for name, definition in list(definitions.items()):
            writer = _Statements(definitions, definition, counter, facts)
            definition.body = writer._block(definition.body)
            definitions[name] = _tidy(definition)
            if writer.changed:
                facts.pop(name, None)          # its body changed: its facts are read again when asked
            changed |= writer.changed
        if not changed:
            break
        definitions = inline(definitions)
    return {name: ast.fix_missing_locations(d) for name, d in definitions.items()}


@functools.lru_cache(maxsize=None)
def _source_tree(function: Callable) -> ast.FunctionDef:
    """Return a rule's plain body, its lines numbered as in its file (parsed once per function)."""
    tree = plain_tree(function)
    ast.increment_lineno(tree, function.__code__.co_firstlineno - 1)
    return tree


def compile_specialised(module_namespace: dict[str, Any], names: list[str], entries: list[str], param: str,
                        known: dict[str, Any], nones: dict[str, bool],
                        counts: dict[str, int] | None = None) -> dict[str, Callable]:
    """Return the plain readings of the rules ``entries`` of a module (and of the rules among ``names`` they
    call) for the fields ``known`` and ``nones`` of their rules ``param`` and the ``counts`` the caller promises:
    ``specialise``, then
    ``inline_statements``, each compiled from the rules' own text, by name.

    Each function keeps its parameters (the rules included), so it is called as the general plain reading is;
    a rule it still calls is the specialised one.
    """
    symbolic = {name: getattr(module_namespace[name], "symbolic", module_namespace[name]) for name in names}
    trees = {name: _source_tree(f) for name, f in symbolic.items()}
    folded: dict[str, ast.FunctionDef] = {}
    todo = list(entries)
    while todo:                       # the entries and the rules they still call once the rules' tests are taken
        name = todo.pop()
        if name not in folded:
            folded[name] = specialise({name: trees[name]}, param, known, nones, module_namespace, counts)[name]
            todo += [n.id for n in walk(folded[name]) if isinstance(n, ast.Name) and n.id in trees]
    definitions = inline_statements(folded)
    namespace = dict(module_namespace)
    compiled: dict[str, Callable] = {}
    for name, definition in definitions.items():
        module = ast.Module(body=[definition], type_ignores=[])
        code = compile(ast.fix_missing_locations(module), inspect.getsourcefile(symbolic[name]) or "<rule>", "exec")
        local: dict[str, Any] = {}
        exec(code, namespace, local)
        compiled[name] = local[name]
    namespace.update(compiled)        # the bodies call one another's specialised readings
    return compiled
