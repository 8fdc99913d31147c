notice(unless false { 'u' })
