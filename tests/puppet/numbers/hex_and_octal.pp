notice(0x1F, 0XfF, 0777, 010, 0)
