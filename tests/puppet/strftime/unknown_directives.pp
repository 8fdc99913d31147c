notice(strftime(Timestamp(0), "%Q %q %i %J %Ez %+ %Oy %EY %Ey %OH %Ed %:d %K"))
