notice(/a+b/)
notice([/x/, /y\/z/])
