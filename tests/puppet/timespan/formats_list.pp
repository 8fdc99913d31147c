notice(Timespan('1d11h23m', ['%Dd%Hh%Mm%Ss', '%Dd%Hh%Mm']), Timespan(string => '2h', format => '%Hh'))
