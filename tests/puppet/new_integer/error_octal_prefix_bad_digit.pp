notice(Integer('08'))
