notice(Struct[{a => Integer}]({}))
