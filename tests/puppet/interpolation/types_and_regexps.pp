notice("${Integer} ${Integer[1]} ${String[1, 2]} ${Optional[Enum[a, b]]}")
notice("${/a\/b/} ${Regexp['x+']}")
notice("${[Integer, /x/]}")
