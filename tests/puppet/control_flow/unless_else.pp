unless 1 == 2 { notice('unless body') } else { notice('unless else') }
unless 1 == 1 { notice('unless body') } else { notice('unless else') }
