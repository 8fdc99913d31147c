notice('one
two')
notice("three
four")
