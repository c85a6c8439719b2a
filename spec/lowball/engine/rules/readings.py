"""The plain reading of a rule written over the operations ``o``, compiled from the same source for speed.

A rule of ``betting_round`` is written once, as ``o.And(a, b)``, ``o.If(c, x, y)``, ``o.Max(values)`` ...
With ``o = Z3`` each call builds a term; with ``o = PY`` each call is a Python function call that computes a
value, which is correct but slow in the engine's innermost loop. ``plain_reading`` reads a function's own source
and compiles a second body in which each operation is the Python expression it stands for:

=========================  ===============================
the rule says              the plain reading runs
=========================  ===============================
``o.And(a, b)``            ``(a and b)``
``o.And(*terms)``          ``all(terms)``
``o.Or(a, b)``             ``(a or b)``
``o.Not(a)``               ``(not a)``
``o.Implies(a, b)``        ``((not a) or b)``
``o.If(c, x, y)``          ``(x if c else y)``
``o.Max(terms)``           ``max(terms)``
``o.Min(a, b)``            ``min(a, b)``
``o.Sum(terms)``           ``sum(terms)``
``o.Count(flags)``         ``sum(1 for f in flags if f)``
``o.symbolic``             ``False``
=========================  ===============================

The one-line rules are written into their callers (``inline``); nothing else changes, so both readings come from
one text: the Z3 reading is what ``lowball verify`` proves, the compiled plain reading is what the engine plays,
for every hand from the first (each rule module compiles its rules once, when it loads), and
``verify/readings.py`` proves each compiled function equal to its Z3 reading on a symbolic state. The rules are pure functions, so evaluating ``and`` and ``or`` lazily (as
Python does) gives the values that evaluating every operand would.

>>> from lowball.core.ops import PY, Z3
>>> def capped(o, count, cap, lifted):
...     return o.And(count >= cap, o.Not(lifted))
>>> print(plain_source(capped))
def capped(o, count, cap, lifted):
    return count >= cap and (not lifted)
>>> fast = plain_reading(capped, PY)
>>> fast(PY, 4, 4, False), fast(PY, 4, 4, True)
(True, False)
>>> import z3
>>> fast(Z3, z3.Int("count"), 4, False)
And(count >= 4)
"""

from __future__ import annotations

import ast
import functools
import inspect
import textwrap
from typing import Any, Callable, Iterator

# The operations of ``ops`` that become Python expressions (see the table above).
BOOLEAN = {"And": ast.And, "Or": ast.Or}
BUILTIN = {"Max": "max", "Min": "min", "Sum": "sum"}


class _Plain(ast.NodeTransformer):
    """Rewrite ``o.Op(...)`` calls and ``o.symbolic`` into plain Python (``o`` is the function's first argument)."""

    def __init__(self, name: str):
        self.o = name

    def _is_op(self, node: ast.AST) -> str | None:
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == self.o:
            return node.attr
        return None

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if self._is_op(node) == "symbolic":
            return ast.copy_location(ast.Constant(False), node)
        return self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        op = self._is_op(node.func)
        node = self.generic_visit(node)
        if op is None:
            return node
        args = node.args
        starred = any(isinstance(a, ast.Starred) for a in args)
        if op in BOOLEAN:
            if starred or len(args) < 2:
                # all(...) / any(...) over the terms: o.And(*terms) reads all(terms); a mix reads all((a, *terms)).
                terms = args[0].value if len(args) == 1 and isinstance(args[0], ast.Starred) \
                    else ast.Tuple(elts=args, ctx=ast.Load())
                call = ast.Call(func=ast.Name("all" if op == "And" else "any", ast.Load()), args=[terms], keywords=[])
                return ast.copy_location(call, node)
            return ast.copy_location(ast.BoolOp(op=BOOLEAN[op](), values=args), node)
        if op == "Not":
            return ast.copy_location(ast.UnaryOp(op=ast.Not(), operand=args[0]), node)
        if op == "Implies":
            return ast.copy_location(ast.BoolOp(op=ast.Or(), values=[ast.UnaryOp(op=ast.Not(), operand=args[0]),
                                                                      args[1]]), node)
        if op == "If":
            return ast.copy_location(ast.IfExp(test=args[0], body=args[1], orelse=args[2]), node)
        if op in BUILTIN:
            return ast.copy_location(ast.Call(func=ast.Name(BUILTIN[op], ast.Load()), args=args, keywords=[]), node)
        if op == "Count":
            flag = ast.Name("flag", ast.Load())
            count = ast.GeneratorExp(elt=ast.Constant(1), generators=[ast.comprehension(
                target=ast.Name("flag", ast.Store()), iter=args[0], ifs=[flag], is_async=0)])
            return ast.copy_location(ast.Call(func=ast.Name("sum", ast.Load()), args=[count], keywords=[]), node)
        raise ValueError(f"no plain reading of o.{op}")


def plain_tree(function: Callable) -> ast.FunctionDef:
    """Return the function's definition with its operations rewritten (no decorators, no annotations)."""
    source = textwrap.dedent(inspect.getsource(function))
    tree = ast.parse(source)
    definition = tree.body[0]
    assert isinstance(definition, ast.FunctionDef), f"{function.__name__} is not a plain function definition"
    definition.decorator_list = []
    definition.returns = None
    for arg in [*definition.args.args, *definition.args.kwonlyargs]:
        arg.annotation = None
    o = definition.args.args[0].arg
    return _Plain(o).visit(definition)


def plain_source(function: Callable) -> str:
    """Return the Python source of a rule's plain reading (what ``plain_reading`` compiles)."""
    return ast.unparse(ast.fix_missing_locations(plain_tree(function)))


def plain_reading(function: Callable, plain_ops: Any, plain_globals: dict[str, Any] | None = None,
                  definition: ast.FunctionDef | None = None) -> Callable:
    """Return ``function`` as a rule with two readings: called with ``plain_ops`` it runs the compiled plain body,
    with any other operations (Z3) the body as written. ``plain_globals``: the names the plain body sees (by
    default the rule's module); ``definition``: its plain body when already made (``compile_rules`` inlines)."""
    definition = plain_tree(function) if definition is None else definition
    module = ast.Module(body=[definition], type_ignores=[])
    ast.increment_lineno(module, function.__code__.co_firstlineno - 1)   # tracebacks point at the rule's own lines
    code = compile(ast.fix_missing_locations(module), inspect.getsourcefile(function) or "<rule>", "exec")
    namespace: dict[str, Any] = {}
    exec(code, function.__globals__ if plain_globals is None else plain_globals, namespace)
    plain = namespace[definition.name]

    rule = _dispatch(function, plain, plain_ops)
    rule.plain = plain
    rule.symbolic = function
    return rule


def _one_line(definition: ast.FunctionDef) -> tuple[list[str], ast.expr] | None:
    """Return the parameters and the expression of a plain body that is one ``return`` (its docstring aside), or
    None: such a rule (``level``: ``max(s.bets)``) may be written into its callers' plain bodies (those that give
    every argument, defaults included)."""
    body = [statement for statement in definition.body
            if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant))]
    args = definition.args
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None or args.vararg \
            or args.kwarg or args.kwonlyargs \
            or any(isinstance(n, (ast.Yield, ast.Lambda)) for n in walk(body[0].value)):
        return None
    return [a.arg for a in args.args], body[0].value


def walk(node: ast.AST) -> Iterator[ast.AST]:
    """Yield every node of a syntax tree, as ``ast.walk`` does (in another order), faster: the compiler walks the
    rules' bodies many times over."""
    todo = [node]
    while todo:
        node = todo.pop()
        yield node
        for value in node.__dict__.values():
            if isinstance(value, list):
                todo.extend(item for item in value if isinstance(item, ast.AST))
            elif isinstance(value, ast.AST):
                todo.append(value)


def clone(node: Any) -> Any:
    """Return a deep copy of a syntax tree (or a list of them), as ``copy.deepcopy`` would, several times faster."""
    if isinstance(node, ast.AST):
        new = node.__class__.__new__(node.__class__)
        for name, value in node.__dict__.items():
            new.__dict__[name] = clone(value) if isinstance(value, (ast.AST, list)) else value
        return new
    if isinstance(node, list):
        return [clone(item) if isinstance(item, (ast.AST, list)) else item for item in node]
    return node


def _simple(node: ast.expr) -> bool:
    """Return whether an argument may be written twice: a name, a constant, or a name's attribute (``s.bets``)."""
    if isinstance(node, ast.Attribute):
        return _simple(node.value)
    return isinstance(node, (ast.Name, ast.Constant))


class _Inline(ast.NodeTransformer):
    """Write the calls of one-line rules as their expressions, the arguments in place of the parameters."""

    def __init__(self, short: dict[str, tuple[list[str], ast.expr]], caller: ast.FunctionDef):
        self.short = short
        self.caller = caller
        self.changed = False

    @functools.cached_property
    def local(self) -> set[str]:
        """Return the caller's own names (read once a call is found that may be written out)."""
        caller = self.caller
        return {n.id for n in walk(caller) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)} \
            | {a.arg for a in caller.args.args}

    def visit_Call(self, node: ast.Call) -> ast.AST:
        node = self.generic_visit(node)
        name = node.func.id if isinstance(node.func, ast.Name) else None
        if name not in self.short or node.keywords or not all(map(_simple, node.args)):
            return node
        params, expression = self.short[name]
        free = {n.id for n in walk(expression) if isinstance(n, ast.Name)} - set(params)
        if len(node.args) != len(params) or free & self.local:       # a caller's name would hide the rule's
            return node
        values = dict(zip(params, node.args))

        class Put(ast.NodeTransformer):
            def visit_Name(self, name_node: ast.Name) -> ast.AST:
                return clone(values[name_node.id]) if name_node.id in values else name_node

        inlined = Put().visit(clone(expression))
        for part in walk(inlined):
            if "lineno" in part._attributes:
                ast.copy_location(part, node)
        self.changed = True
        return inlined


def inline(definitions: dict[str, ast.FunctionDef]) -> dict[str, ast.FunctionDef]:
    """Return the plain bodies with every call of a one-line rule among them written out (until none is left);
    the rules stay pure functions, so the value is the same and the engine spares a call.

    >>> def level(o, s):
    ...     return o.Max(s.bets)
    >>> def owed(o, s, i):
    ...     return level(o, s) - s.bets[i]
    >>> print(ast.unparse(inline({"level": plain_tree(level), "owed": plain_tree(owed)})["owed"]))
    def owed(o, s, i):
        return max(s.bets) - s.bets[i]
    """
    for _ in range(len(definitions)):
        short = {name: found for name, d in definitions.items() if (found := _one_line(d)) is not None}
        changed = False
        for name, definition in definitions.items():
            inliner = _Inline({k: v for k, v in short.items() if k != name}, definition)
            definitions[name] = inliner.visit(definition)
            changed |= inliner.changed
        if not changed:
            break
    return definitions


def _dispatch(function: Callable, plain: Callable, plain_ops: Any) -> Callable:
    """Return a function with ``function``'s own parameters that runs ``plain`` for ``plain_ops`` and ``function``
    otherwise (written out, not ``*args``: the engine calls it at every decision)."""
    names, params, values = [], [], {}
    for i, parameter in enumerate(inspect.signature(function).parameters.values()):
        assert parameter.kind is parameter.POSITIONAL_OR_KEYWORD, f"{function.__name__}: plain parameters only"
        names.append(parameter.name)
        if parameter.default is parameter.empty:
            params.append(parameter.name)
        else:
            values[f"_default{i}"] = parameter.default
            params.append(f"{parameter.name}=_default{i}")
    call = ", ".join(names)
    source = (f"def {function.__name__}({', '.join(params)}):\n"
              f"    return _plain({call}) if {names[0]} is _ops else _symbolic({call})\n")
    namespace: dict[str, Any] = {"_plain": plain, "_symbolic": function, "_ops": plain_ops, **values}
    exec(source, namespace)
    return functools.update_wrapper(namespace[function.__name__], function)


def compile_rules(namespace: dict[str, Any], plain_ops: Any) -> list[str]:
    """Give every function of a module whose first argument is the operations ``o`` its compiled plain reading;
    return their names.

    The plain bodies call one another's plain bodies directly (a copy of the module's names in which each rule is
    its plain body), which spares a dispatch at every call, and the one-line rules are written into their callers
    (``inline``); the module's own names are the two-reading rules.
    """
    module = namespace["__name__"]
    rules = {name: value for name, value in namespace.items()
             if inspect.isfunction(value) and value.__module__ == module and not hasattr(value, "plain")
             and list(inspect.signature(value).parameters)[:1] == ["o"]}
    plain_globals = dict(namespace)
    definitions = inline({name: plain_tree(function) for name, function in rules.items()})
    for name, function in rules.items():
        rule = plain_reading(function, plain_ops, plain_globals, definitions[name])
        plain_globals[name] = rule.plain
        namespace[name] = rule
    return list(rules)
