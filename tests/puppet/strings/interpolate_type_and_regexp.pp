notice("${Integer} ${Integer[1,2]} ${/ab+/}")
