# An evaluation error inside a template: reported at the template's line.
notice(inline_epp("a\nb <%= 1 + 'x' %>"))
