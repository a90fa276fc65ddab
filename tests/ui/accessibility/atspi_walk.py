#!/usr/bin/python3
"""Walks a running application's accessible tree over AT-SPI, the way Orca sees it.

Waits (a bounded retry) for the application to appear on the AT-SPI registry with the
objects expected, then fails on every focusable object without a name, shown or not yet
shown (a combo box's pop-up list is read once it opens). With --press BUTTON it then
presses the button (through AT-SPI's action, as an assistive tool can) and checks the
dialog that opens the same way. With
--type FIELD TEXT --hear NAME it then types TEXT into the field named FIELD (through
AT-SPI's editable text, as an assistive tool can) and fails unless an object's name
change to NAME is heard (what a screen reader hears when a text changes). Prints what
it walked, and on failure what was unnamed and where.
Usage: atspi_walk.py APPLICATION-NAME [--wait SECONDS] [--expect NAME ...]
                     [--press BUTTON] [--type FIELD TEXT --hear NAME]
"""
import argparse
import sys
import time

try:
    import pyatspi
except ImportError:
    print("atspi_walk: python3-pyatspi is not installed (scripts/ensure-deps installs it)", file=sys.stderr)
    sys.exit(2)

# A cell or a header is the table's text, not a control of its own: an empty cell is
# read as blank. Menu items are walked only when their menu is open.
SKIPPED_ROLES = {pyatspi.ROLE_TABLE_CELL, pyatspi.ROLE_TABLE_COLUMN_HEADER, pyatspi.ROLE_TABLE_ROW_HEADER,
                 pyatspi.ROLE_COLUMN_HEADER, pyatspi.ROLE_ROW_HEADER}


def find_application(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        try:
            app = desktop.getChildAtIndex(i)
        except Exception:
            continue
        if app is not None and app.name == name:
            return app
    return None


def walk(node, path, found, depth=0, hidden=None):
    """Every showing object under node: (path, role, name, states) in `found`; the objects
    not showing yet (a closed pop-up, a hidden banner) in `hidden`, when given."""
    if node is None or depth > 60:
        return
    try:
        states = node.getState()
        role = node.getRole()
        name = node.name or ""
        count = node.childCount
    except Exception:
        return  # gone while we looked
    here = path + [f"{node.getRoleName()}:{name[:30]}"]
    if not states.contains(pyatspi.STATE_SHOWING):
        if hidden is None:
            return
        hidden.append((here, role, name, states))
        found = hidden  # everything below it is hidden too
    else:
        found.append((here, role, name, states))
    if role in (pyatspi.ROLE_TABLE, pyatspi.ROLE_TREE_TABLE):
        # Cells are many and are checked in-process; their headers are enough here.
        return
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        walk(child, here, found, depth + 1, hidden)


def unnamed_focusable(objects):
    return [(p, r) for p, r, n, s in objects
            if s.contains(pyatspi.STATE_FOCUSABLE) and r not in SKIPPED_ROLES and not n.strip()]


def report_unnamed(where, objects):
    unnamed = unnamed_focusable(objects)
    if not unnamed:
        return False
    print(f"atspi_walk: {len(unnamed)} focusable control(s) without a name {where}:", file=sys.stderr)
    for path, _role in unnamed:
        print("  " + " / ".join(path), file=sys.stderr)
    return True


def press_and_walk_dialog(app, button_name, wait):
    """Presses the button and walks the dialog that opens; the problem, or None."""
    button = find_named(app, pyatspi.ROLE_PUSH_BUTTON, button_name)
    if button is None:
        return f"no button named {button_name!r}"
    before = {app.getChildAtIndex(i).name for i in range(app.childCount)}
    button.queryAction().doAction(0)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        for i in range(app.childCount):
            try:
                window = app.getChildAtIndex(i)
                if window.getRole() != pyatspi.ROLE_DIALOG or window.name in before:
                    continue
            except Exception:
                continue
            found, hidden = [], []
            walk(window, [], found, 0, hidden)
            if not found:
                continue
            print(f"atspi_walk: pressed {button_name!r}: dialog {window.name!r}, {len(found)} objects showing")
            if report_unnamed(f"in the dialog {window.name!r}", found + hidden):
                return "unnamed controls in the dialog"
            cancel = find_named(window, pyatspi.ROLE_PUSH_BUTTON, "Cancel")
            if cancel is None:
                return f"the dialog {window.name!r} has no Cancel button"
            cancel.queryAction().doAction(0)
            return None
        time.sleep(0.3)
    return f"pressed {button_name!r}, but no dialog opened within {wait:.0f} s"


def find_named(node, role, name, depth=0):
    if node is None or depth > 60:
        return None
    try:
        if node.getRole() == role and node.name == name:
            return node
        count = node.childCount
    except Exception:
        return None
    for i in range(count):
        try:
            found = find_named(node.getChildAtIndex(i), role, name, depth + 1)
        except Exception:
            continue
        if found is not None:
            return found
    return None


def hear_name_change(app, field_name, text, expected, wait):
    """Types into the field and waits for an object to be renamed `expected`."""
    from gi.repository import GLib

    field = find_named(app, pyatspi.ROLE_TEXT, field_name)
    if field is None:
        return f"no text field named {field_name!r}"
    heard = []

    def on_name_change(event):
        try:
            name = event.source.name
        except Exception:
            return
        if name == expected:
            heard.append(event.source.getRoleName())
            pyatspi.Registry.stop()

    def type_text():
        field.queryEditableText().setTextContents(text)
        return False

    def give_up():
        pyatspi.Registry.stop()
        return False

    pyatspi.Registry.registerEventListener(on_name_change, "object:property-change:accessible-name")
    GLib.timeout_add(300, type_text)
    GLib.timeout_add(int(wait * 1000), give_up)
    pyatspi.Registry.start()
    pyatspi.Registry.deregisterEventListener(on_name_change, "object:property-change:accessible-name")
    if not heard:
        return f"typed {text!r} into {field_name!r}, but no name change to {expected!r} came within {wait:.0f} s"
    print(f"atspi_walk: heard a {heard[0]} say {expected!r}")
    return None


def tables_with_rows(found):
    tables = []
    for path, role, name, _states in found:
        if role == pyatspi.ROLE_TABLE:
            tables.append(name)
    return tables


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("application")
    parser.add_argument("--wait", type=float, default=120.0,
                        help="how long to wait for the application (a watchdog, not a speed limit)")
    parser.add_argument("--expect", action="append", default=[],
                        help="a name that must be in the tree (e.g. a table's)")
    parser.add_argument("--press", help="a button that opens a dialog to walk as well")
    parser.add_argument("--type", nargs=2, metavar=("FIELD", "TEXT"))
    parser.add_argument("--hear")
    args = parser.parse_args()

    deadline = time.monotonic() + args.wait
    app = None
    found = []
    missing = list(args.expect)
    while time.monotonic() < deadline:
        app = find_application(args.application)
        if app is not None:
            found = []
            hidden = []
            walk(app, [], found, 0, hidden)
            names = {name for _p, _r, name, _s in found}
            missing = [name for name in args.expect if name not in names]
            if found and not missing:
                break
        time.sleep(0.5)
    if app is None:
        desktop = pyatspi.Registry.getDesktop(0)
        others = [desktop.getChildAtIndex(i).name for i in range(desktop.childCount)]
        print(f"atspi_walk: {args.application} never appeared on the AT-SPI registry within {args.wait:.0f} s "
              f"(registered: {others or 'none'}). Is QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 set, and "
              "AT_SPI_BUS_ADDRESS not exported to the application?", file=sys.stderr)
        return 1
    if missing:
        print(f"atspi_walk: {args.application} registered, but its tree never showed {missing} within "
              f"{args.wait:.0f} s ({len(found)} objects showing)", file=sys.stderr)
        return 1

    focusable = [(p, r, n) for p, r, n, s in found if s.contains(pyatspi.STATE_FOCUSABLE) and r not in SKIPPED_ROLES]
    print(f"atspi_walk: {args.application}: {len(found)} objects showing ({len(hidden)} more not yet), "
          f"{len(focusable)} focusable, tables: {', '.join(tables_with_rows(found)) or 'none'}")
    for path, _role, name in focusable:
        print(f"  {path[-1]}")
    if report_unnamed("in the window", found + hidden):
        return 1
    if args.press:
        problem = press_and_walk_dialog(app, args.press, args.wait)
        if problem:
            print(f"atspi_walk: {problem}", file=sys.stderr)
            return 1
    if args.type and args.hear:
        problem = hear_name_change(app, args.type[0], args.type[1], args.hear, args.wait)
        if problem:
            print(f"atspi_walk: {problem}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
