notice(0777)
notice(010)
notice(00)
