notice('a' == 'A')
notice('Straße' == 'STRASSE')
notice('É' == 'é')
notice('a' != 'A')
