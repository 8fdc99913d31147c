notice(Boolean[true]('no'))
