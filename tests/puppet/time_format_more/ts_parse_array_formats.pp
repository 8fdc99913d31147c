notice(Timestamp('04.03.2021', ['%Y-%m-%d', '%d.%m.%Y']))
