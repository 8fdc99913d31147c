notice(Concat::Fragment['x'])
