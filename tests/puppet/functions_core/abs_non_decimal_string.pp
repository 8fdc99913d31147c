notice(abs('12abc'))
