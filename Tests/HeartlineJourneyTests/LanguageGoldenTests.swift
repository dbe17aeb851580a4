import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

/// Golden sessions in Spanish and German: a workout configured and run, readouts, events, the
/// summary, the history by date and by metric, a yes or no question and help, each typed and
/// said in the language.
@Suite(.timed) struct LanguageGoldenTests {
    @Test func aWorkoutInSpanish() throws {
        let session = try GoldenSession(words: TestCatalogue.spanish, languages: [TestCatalogue.words, TestCatalogue.german])
        expectGolden(
            session,
            #"""
            menu: Inicio de Heartline.
            menu: 1, Configurar un entrenamiento nuevo.
            menu: 2, Usar la última configuración.
            menu: 3, Revisar entrenamientos anteriores.
            menu: 4, Ajustes.
            menu: 5, Medición en reposo.
            > 1
            menu: Deporte.
            menu: 1, Carrera.
            menu: 2, Ciclismo.
            menu: 3, Remo.
            menu: 4, Otro, selección actual.
            menu: 5, Siguiente.
            > siguiente
            menu: Métricas que se leen en voz alta.
            menu: 1, Tiempo transcurrido: activado.
            menu: 2, Frecuencia cardiaca: activado.
            menu: 3, Calorías quemadas: activado.
            menu: 4, Siguiente.
            > siguiente
            menu: Cada cuánto se leen las métricas.
            menu: 1, Sin intervalo, selección actual.
            menu: 2, 30 segundos.
            menu: 3, un minuto.
            menu: 4, 2 minutos.
            menu: 5, 5 minutos.
            menu: 6, 10 minutos.
            menu: 7, 15 minutos.
            menu: 8, 30 minutos.
            menu: 9, una hora.
            menu: 10, 2 horas.
            menu: Pulsa 0 para la décima opción, 2 horas.
            > 3
            answer: Intervalo: un minuto.
            menu: Zona objetivo de frecuencia cardiaca.
            menu: 1, Sin objetivo, selección actual.
            menu: 2, Zona 1, de 93 a 111 pulsaciones por minuto.
            menu: 3, Zona 2, de 112 a 130 pulsaciones por minuto.
            menu: 4, Zona 3, de 131 a 148 pulsaciones por minuto.
            menu: 5, Zona 4, de 149 a 167 pulsaciones por minuto.
            menu: 6, Zona 5, de 168 a 185 pulsaciones por minuto.
            menu: 7, Escribir un rango.
            menu: 8, Siguiente.
            > siguiente
            menu: Plan de entrenamiento.
            menu: Escribe un plan como: 6 veces 3 minutos de trabajo, 1 minuto de descanso. Puedes añadir calentamiento y vuelta a la calma.
            menu: 1, Sin plan, selección actual.
            menu: 2, Escribir un plan.
            menu: 3, Cuenta atrás antes de cada cambio: activado.
            menu: 4, Planes desde archivos.
            menu: 5, Siguiente.
            > siguiente
            menu: Listo para empezar.
            menu: Métricas en voz alta: tiempo transcurrido, frecuencia cardiaca y calorías quemadas.
            menu: Intervalo: un minuto.
            menu: 1, Empezar el entrenamiento.
            > 1
            answer: Entrenamiento iniciado.
            :wait 60
            readout: Tiempo transcurrido, un minuto.
            readout: Frecuencia cardiaca, 75 pulsaciones por minuto.
            readout: Calorías quemadas, 2 kilocalorías.
            > frecuencia cardiaca
            answer: Frecuencia cardiaca, 75 pulsaciones por minuto.
            > pausa
            answer: Entrenamiento en pausa.
            > seguir
            answer: Entrenamiento reanudado.
            > avisos
            answer: 2 avisos recientes, primero el más nuevo.
            answer: Hace 0 segundos. Entrenamiento reanudado.
            answer: Hace 0 segundos. Entrenamiento en pausa.
            :wait 60
            readout: Tiempo transcurrido, 2 minutos.
            readout: Frecuencia cardiaca, 92 pulsaciones por minuto.
            readout: Calorías quemadas, 5 kilocalorías.
            > calorias
            answer: Calorías quemadas, 5 kilocalorías.
            answer: El cálculo de calorías mejora con tu edad, sexo y peso en Ajustes, Perfil.
            > ayuda
            answer: Teclas: t o 1, tiempo; h o 2, frecuencia cardiaca; c o 3, calorías.
            answer: Teclas: a o 4, frecuencia media; m o 5, todas las métricas.
            answer: Teclas: z o 6, zona; i o 7, plan; v o 8, avisos.
            answer: Teclas: e o 9, terminar; p o 0 o espacio, pausar o reanudar.
            answer: Teclas: r o asterisco, repetir; interrogación o punto, ayuda; b o menos, batería.
            answer: Teclas: x, variabilidad cardiaca; l, vuelta; w o más, dónde.
            answer: Parar pausa, como el botón de parada de los auriculares. Terminar acaba el entrenamiento.
            answer: Dos puntos te deja escribir un comando y luego Intro. Escape lo cancela.
            answer: Pulsa k y luego cualquier tecla para oír qué hace.
            answer: En todas partes: atrás, inicio, dónde, repetir, ayuda, comprobar y salir.
            > terminar
            answer: ¿Seguro que quieres terminar el entrenamiento? Sí o no.
            > si
            menu: Resumen del entrenamiento.
            menu: Tiempo transcurrido, 2 minutos.
            menu: Frecuencia cardiaca media, 76 pulsaciones por minuto.
            menu: Frecuencia cardiaca máxima, 92 pulsaciones por minuto.
            menu: Calorías quemadas, 5 kilocalorías.
            menu: Carga de entrenamiento, 0 puntos.
            menu: 1, Guardar el entrenamiento.
            menu: 2, Borrar el entrenamiento.
            menu: 3, Tiempo en zonas.
            menu: 4, Subir y guardar el entrenamiento.
            > 1
            answer: Entrenamiento guardado.
            menu: Inicio de Heartline.
            menu: 1, Configurar un entrenamiento nuevo.
            menu: 2, Usar la última configuración.
            menu: 3, Revisar entrenamientos anteriores.
            menu: 4, Ajustes.
            menu: 5, Medición en reposo.
            > inicio
            menu: Inicio de Heartline.
            menu: 1, Configurar un entrenamiento nuevo.
            menu: 2, Usar la última configuración.
            menu: 3, Revisar entrenamientos anteriores.
            menu: 4, Ajustes.
            menu: 5, Medición en reposo.
            > 3
            menu: Revisar entrenamientos anteriores.
            menu: 1, Ver todos los entrenamientos.
            menu: 2, Buscar por fecha.
            menu: 3, Buscar por métrica.
            menu: 4, Buscar por medias.
            > 2
            menu: Buscar por fecha.
            menu: Escribe una fecha, como hoy, ayer, lunes, 28 de noviembre o 2026-11-28.
            > hoy
            menu: Entrenamientos: hoy.
            menu: Elementos del 1 al 1, de 1.
            menu: 1, hoy, a las 7 y 30, 2 minutos.
            > atras
            menu: Buscar por fecha.
            menu: Escribe una fecha, como hoy, ayer, lunes, 28 de noviembre o 2026-11-28.
            > atras
            menu: Revisar entrenamientos anteriores.
            menu: 1, Ver todos los entrenamientos.
            menu: 2, Buscar por fecha.
            menu: 3, Buscar por métrica.
            menu: 4, Buscar por medias.
            > 3
            menu: Buscar por métrica.
            menu: 1, Tiempo transcurrido.
            menu: 2, Frecuencia cardiaca media.
            menu: 3, Frecuencia cardiaca máxima.
            menu: 4, Calorías quemadas.
            menu: 5, Recuperación de la frecuencia cardiaca al minuto.
            menu: 6, Carga de entrenamiento.
            menu: 7, Distancia.
            menu: 8, Cadencia media.
            menu: 9, Potencia media.
            menu: 10, Tiempo en una zona.
            menu: Pulsa 0 para la décima opción, Tiempo en una zona.
            > frecuencia media
            menu: Frecuencia cardiaca media por entrenamiento.
            menu: Elementos del 1 al 1, de 1.
            menu: 1, hoy, Frecuencia cardiaca media: 76 pulsaciones por minuto.
            > inicio
            menu: Inicio de Heartline.
            menu: 1, Configurar un entrenamiento nuevo.
            menu: 2, Usar la última configuración.
            menu: 3, Revisar entrenamientos anteriores.
            menu: 4, Ajustes.
            menu: 5, Medición en reposo.
            > ajustes
            menu: Ajustes.
            menu: 1, Perfil.
            menu: 2, Grabación y guardado.
            menu: 3, Sensores.
            menu: 4, Voz.
            menu: 5, Eco de teclas: caracteres.
            menu: 6, Subtítulos en la pantalla: desactivado.
            menu: 7, Auriculares.
            menu: 8, Apagar.
            menu: 9, Idioma: Español.
            > idioma
            answer: Sprache: Deutsch.
            (language de)
            > wo
            answer: Du bist hier: Einstellungen.
            """#)
    }

    /// "Seit" takes the dative: "Seit einer Minute pausiert", never "Seit eine Minute".
    @Test func aPauseIsSaidWithTheDativeInGerman() throws {
        let session = try GoldenSession(words: TestCatalogue.german, languages: [TestCatalogue.words, TestCatalogue.spanish])
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Training gestartet.
            > pause
            answer: Training pausiert.
            :wait 60
            > puls
            answer: Herzfrequenz, 75 Schläge pro Minute.
            answer: Seit einer Minute pausiert.
            """#)
    }

    /// The zone is said once: "Por encima de la zona objetivo, de 140 a 160", never "zona objetivo
    /// de De 140 a 160".
    @Test func theZoneIsSaidWithOneDeInSpanish() throws {
        let session = try GoldenSession(words: TestCatalogue.spanish, languages: [TestCatalogue.words, TestCatalogue.german])
        session.startWorkout(
            WorkoutConfiguration(metrics: [], interval: .none, target: TargetZone(zone: nil, range: HeartRateRange(low: 140, high: 160))))
        expectGolden(
            session,
            #"""
            answer: Entrenamiento iniciado.
            :hr 175
            :wait 15
            event: Por encima de la zona objetivo, 175 pulsaciones por minuto.
            > zona
            answer: Por encima de la zona objetivo, de 140 a 160 pulsaciones por minuto.
            """#)
    }

    /// A question is answered yes by the language's own letter: "s" for sí, "j" for ja (and y
    /// and Enter as everywhere); the keys are said without "y o", heard as "and or".
    @Test func aQuestionTakesTheLanguagesLetterForYes() throws {
        let spanish = try GoldenSession(words: TestCatalogue.spanish, languages: [TestCatalogue.words, TestCatalogue.german])
        spanish.startWorkout()
        expectGolden(
            spanish,
            #"""
            answer: Entrenamiento iniciado.
            > fin
            answer: ¿Seguro que quieres terminar el entrenamiento? Sí o no.
            :key x
            answer: ¿Seguro que quieres terminar el entrenamiento? Sí o no.
            answer: Sí termina el entrenamiento y lee su resumen.
            answer: Para sí, pulsa s o Intro; para no, n o menos.
            :key s
            menu: Resumen del entrenamiento.
            menu: Tiempo transcurrido, 0 segundos.
            menu: Frecuencia cardiaca media desconocida: aún no ha llegado ningún pulso.
            menu: Frecuencia cardiaca máxima desconocida: aún no ha llegado ningún pulso.
            menu: Calorías quemadas desconocidas: aún no ha llegado ningún pulso.
            menu: Carga de entrenamiento, 0 puntos.
            menu: 1, Guardar el entrenamiento.
            menu: 2, Borrar el entrenamiento.
            menu: 3, Tiempo en zonas.
            menu: 4, Subir y guardar el entrenamiento.
            """#)
        let german = try GoldenSession(words: TestCatalogue.german, languages: [TestCatalogue.words, TestCatalogue.spanish])
        german.startWorkout()
        expectGolden(
            german,
            #"""
            answer: Training gestartet.
            > ende
            answer: Training wirklich beenden? Ja oder nein.
            :key j
            menu: Trainingsübersicht.
            menu: Trainingszeit, 0 Sekunden.
            menu: Durchschnittliche Herzfrequenz unbekannt: noch keine Herzfrequenz empfangen.
            menu: Maximale Herzfrequenz unbekannt: noch keine Herzfrequenz empfangen.
            menu: Kalorienverbrauch unbekannt: noch keine Herzfrequenz empfangen.
            menu: Trainingsbelastung, 0 Punkte.
            menu: 1, Training speichern.
            menu: 2, Training löschen.
            menu: 3, Zeit in Zonen.
            menu: 4, Hochladen und Training speichern.
            """#)
    }

    /// A slip is answered with a word of the session's language, never an English one: "nexxt"
    /// is not offered "next", though English words are taken when typed.
    @Test func aSuggestionIsInTheSessionsLanguage() throws {
        let spanish = try GoldenSession(words: TestCatalogue.spanish, languages: [TestCatalogue.words, TestCatalogue.german])
        _ = spanish.begin()
        #expect(spanish.send(.command("nexxt")) == ["answer: No conozco nexxt. Escribe ayuda para saber qué puedes hacer aquí."])
        #expect(spanish.send(.command("siguiennte")) == ["answer: No conozco siguiennte. ¿Querías decir siguiente?"])
        let german = try GoldenSession(words: TestCatalogue.german, languages: [TestCatalogue.words, TestCatalogue.spanish])
        _ = german.begin()
        #expect(german.send(.command("helpp")).allSatisfy { !$0.contains("help?") })
        #expect(german.send(.command("hilf")) == ["answer: hilf kenne ich nicht. Meintest du hilfe?"])
    }

    /// A change against the period before is said without "a el" (Spanish contracts it to
    /// "al"): "comparado con el mes anterior", for every period.
    @Test func aChangeIsComparedWithThePeriodBeforeInSpanish() {
        let words = TestCatalogue.spanish
        for before in [Prompt.historyBeforeWeek, .historyBeforeMonth, .historyBeforeYear] {
            let said = [
                words(.historyChangeHigher, ["difference": "3 pulsaciones", "before": words(before)]),
                words(.historyChangeLower, ["difference": "3 pulsaciones", "before": words(before)]),
                words(.historyChangeNone, ["before": words(before)]),
            ]
            for sentence in said { #expect(!sentence.contains(" a el ") && !sentence.contains(" de el "), "\(sentence)") }
        }
    }

    /// A profile value out of range is said with its units in the case they take: "Alter muss
    /// 10 Jahre bis 110 Jahre sein", not "zwischen 10 Jahre und 110 Jahre", which wants a dative.
    @Test func aRangeOfValuesWithUnitsIsSaidInTheNominativeInGerman() {
        let words = TestCatalogue.german
        let said = words(.profileOutOfRange, ["field": "Alter", "low": "10 Jahre", "high": "110 Jahre"])
        #expect(!said.contains("zwischen"), "\(said)")
        #expect(said == "Alter muss 10 Jahre bis 110 Jahre sein.")
    }

    /// A speech setting undone names the value it is back to without "vuelve a por defecto".
    @Test func anUndoneSettingIsSaidWithItsValueInSpanish() {
        let words = TestCatalogue.spanish
        for value in [words(.valueDefault), "60"] {
            for prompt in [Prompt.speechUndone, .speechUndoneUnanswered] {
                let said = words(prompt, ["field": "volumen", "value": value])
                #expect(!said.contains(" a por defecto") && !said.contains(" a 60"), "\(said)")
            }
        }
    }

    @Test func aWorkoutInGerman() throws {
        let session = try GoldenSession(words: TestCatalogue.german, languages: [TestCatalogue.words, TestCatalogue.spanish])
        expectGolden(
            session,
            #"""
            menu: Heartline Startseite.
            menu: 1, Neues Training einrichten.
            menu: 2, Letzte Trainingseinstellung verwenden.
            menu: 3, Frühere Trainings anhören.
            menu: 4, Einstellungen.
            menu: 5, Ruhemessung.
            > 1
            menu: Sportart.
            menu: 1, Laufen.
            menu: 2, Radfahren.
            menu: 3, Rudern.
            menu: 4, Sonstiges, ausgewählt.
            menu: 5, Weiter.
            > 1
            answer: Sportart: Laufen.
            menu: Messwerte für die Sprachausgabe.
            menu: 1, Trainingszeit: an.
            menu: 2, Herzfrequenz: an.
            menu: 3, Kalorienverbrauch: an.
            menu: 4, Tempo: an.
            menu: 5, Distanz: an.
            menu: 6, Kadenz: aus.
            menu: 7, Weiter.
            > weiter
            menu: Zeitabstand für die Sprachausgabe.
            menu: 1, Keine Zeitansage, ausgewählt.
            menu: 2, 30 Sekunden.
            menu: 3, eine Minute.
            menu: 4, 2 Minuten.
            menu: 5, 5 Minuten.
            menu: 6, 10 Minuten.
            menu: 7, 15 Minuten.
            menu: 8, 30 Minuten.
            menu: 9, eine Stunde.
            menu: 10, 2 Stunden.
            menu: Drück 0 für den zehnten Eintrag, 2 Stunden.
            > 3
            answer: Zeitabstand: eine Minute.
            menu: Ansagen nach Distanz.
            menu: 1, Keine Ansagen nach Distanz, ausgewählt.
            menu: 2, 0,5 Kilometer.
            menu: 3, ein Kilometer.
            menu: 4, 2 Kilometer.
            menu: 5, 5 Kilometer.
            menu: 6, Weiter.
            > weiter
            menu: Ziel-Herzfrequenzzone.
            menu: 1, Kein Ziel, ausgewählt.
            menu: 2, Zone 1, 93 bis 111 Schläge pro Minute.
            menu: 3, Zone 2, 112 bis 130 Schläge pro Minute.
            menu: 4, Zone 3, 131 bis 148 Schläge pro Minute.
            menu: 5, Zone 4, 149 bis 167 Schläge pro Minute.
            menu: 6, Zone 5, 168 bis 185 Schläge pro Minute.
            menu: 7, Bereich eingeben.
            menu: 8, Weiter.
            > weiter
            menu: Trainingsplan.
            menu: Tippe einen Plan, etwa: 6 mal 3 Minuten Belastung, 1 Minute Pause. Aufwärmen und Abkühlen dürfen folgen.
            menu: 1, Kein Plan, ausgewählt.
            menu: 2, Plan eingeben.
            menu: 3, Vorwarnung vor jedem Wechsel: an.
            menu: 4, Pläne aus Dateien.
            menu: 5, Weiter.
            > weiter
            menu: Bereit zum Start.
            menu: Sportart: Laufen.
            menu: Angesagte Messwerte: Trainingszeit, Herzfrequenz, Kalorienverbrauch, Tempo und Distanz.
            menu: Zeitabstand: eine Minute.
            menu: 1, Training starten.
            > 1
            answer: Training gestartet.
            :wait 60
            readout: Trainingszeit, eine Minute.
            readout: Herzfrequenz, 75 Schläge pro Minute.
            readout: Kalorienverbrauch, 2 Kilokalorien.
            readout: Tempo unbekannt: Kein Laufsensor ist verbunden.
            readout: Distanz unbekannt: Kein Laufsensor ist verbunden.
            > puls
            answer: Herzfrequenz, 75 Schläge pro Minute.
            > pause
            answer: Training pausiert.
            > fortsetzen
            answer: Training fortgesetzt.
            > ansagen
            answer: 2 Ansagen aus letzter Zeit, die neueste zuerst.
            answer: Vor 0 Sekunden. Training fortgesetzt.
            answer: Vor 0 Sekunden. Training pausiert.
            :wait 60
            readout: Trainingszeit, 2 Minuten.
            readout: Herzfrequenz, 92 Schläge pro Minute.
            readout: Kalorienverbrauch, 5 Kilokalorien.
            readout: Tempo unbekannt: Kein Laufsensor ist verbunden.
            readout: Distanz unbekannt: Kein Laufsensor ist verbunden.
            > kalorien
            answer: Kalorienverbrauch, 5 Kilokalorien.
            answer: Mit Alter, Geschlecht und Gewicht unter Einstellungen, Profil wird die Kalorienschätzung genauer.
            > hilfe
            answer: Tasten: t oder 1, zeit; h oder 2, puls; c, kalorien.
            answer: Tasten: a, durchschnittspuls; m oder 5, alle werte; z oder 6, zone.
            answer: Tasten: i oder 7, trainingsplan; v, ansagen; e oder 9, ende.
            answer: Tasten: p oder 0 oder Leerzeichen, pause oder fortsetzen; r oder Stern, wiederholen.
            answer: Tasten: Fragezeichen oder Punkt, hilfe; b oder Minus, akku; x, herzfrequenzvariabilität.
            answer: Tasten: l, runde; s oder 3, tempo; d oder 4, distanz.
            answer: Tasten: n oder 8, kadenz; w oder Plus, wo.
            answer: Stopp pausiert, wie die Stopptaste am Kopfhörer. Ende beendet das Training.
            answer: Mit Doppelpunkt tippst du einen Befehl, dann Eingabetaste. Esc bricht ab.
            answer: k, dann eine beliebige Taste, sagt, was diese Taste tut.
            answer: Überall: zurück, startseite, wo, wiederholen, hilfe, prüfen und schließen.
            > ende
            answer: Training wirklich beenden? Ja oder nein.
            > nein
            answer: Das Training geht weiter.
            > ende
            answer: Training wirklich beenden? Ja oder nein.
            > ja
            menu: Trainingsübersicht.
            menu: Trainingszeit, 2 Minuten.
            menu: Durchschnittliche Herzfrequenz, 76 Schläge pro Minute.
            menu: Maximale Herzfrequenz, 92 Schläge pro Minute.
            menu: Kalorienverbrauch, 5 Kilokalorien.
            menu: Trainingsbelastung, 0 Punkte.
            menu: 1, Training speichern.
            menu: 2, Training löschen.
            menu: 3, Zeit in Zonen.
            menu: 4, Hochladen und Training speichern.
            > 1
            answer: Training gespeichert.
            menu: Heartline Startseite.
            menu: 1, Neues Training einrichten.
            menu: 2, Letzte Trainingseinstellung verwenden.
            menu: 3, Frühere Trainings anhören.
            menu: 4, Einstellungen.
            menu: 5, Ruhemessung.
            > startseite
            menu: Heartline Startseite.
            menu: 1, Neues Training einrichten.
            menu: 2, Letzte Trainingseinstellung verwenden.
            menu: 3, Frühere Trainings anhören.
            menu: 4, Einstellungen.
            menu: 5, Ruhemessung.
            > 3
            menu: Frühere Trainings.
            menu: 1, Alle Trainings durchgehen.
            menu: 2, Nach Datum suchen.
            menu: 3, Nach Messwert suchen.
            menu: 4, Nach Durchschnitten suchen.
            > 2
            menu: Nach Datum suchen.
            menu: Tippe ein Datum, etwa heute, gestern, Montag, 28. November oder 2026-11-28.
            > 29. November
            menu: Trainings für heute.
            menu: Einträge 1 bis 1 von 1.
            menu: 1, heute um 7 Uhr 30, 2 Minuten.
            > zurück
            menu: Nach Datum suchen.
            menu: Tippe ein Datum, etwa heute, gestern, Montag, 28. November oder 2026-11-28.
            > zurück
            menu: Frühere Trainings.
            menu: 1, Alle Trainings durchgehen.
            menu: 2, Nach Datum suchen.
            menu: 3, Nach Messwert suchen.
            menu: 4, Nach Durchschnitten suchen.
            > 3
            menu: Nach Messwert suchen.
            menu: 1, Trainingszeit.
            menu: 2, Durchschnittliche Herzfrequenz.
            menu: 3, Maximale Herzfrequenz.
            menu: 4, Kalorienverbrauch.
            menu: 5, Erholung der Herzfrequenz nach einer Minute.
            menu: 6, Trainingsbelastung.
            menu: 7, Distanz.
            menu: 8, Durchschnittliche Kadenz.
            menu: 9, Durchschnittliche Leistung.
            menu: 10, Zeit in einer Zone.
            menu: Drück 0 für den zehnten Eintrag, Zeit in einer Zone.
            > durchschnittliche herzfrequenz
            menu: Durchschnittliche Herzfrequenz je Training.
            menu: Einträge 1 bis 1 von 1.
            menu: 1, heute, Durchschnittliche Herzfrequenz: 76 Schläge pro Minute.
            > startseite
            menu: Heartline Startseite.
            menu: 1, Neues Training einrichten.
            menu: 2, Letzte Trainingseinstellung verwenden.
            menu: 3, Frühere Trainings anhören.
            menu: 4, Einstellungen.
            menu: 5, Ruhemessung.
            > einstellungen
            menu: Einstellungen.
            menu: 1, Profil.
            menu: 2, Aufzeichnen und Speichern.
            menu: 3, Sensoren.
            menu: 4, Sprachausgabe.
            menu: 5, Tastenecho: Zeichen.
            menu: 6, Untertitel auf dem Bildschirm: aus.
            menu: 7, Kopfhörer.
            menu: 8, Ausschalten.
            menu: 9, Sprache: Deutsch.
            > sprache
            answer: Language: English.
            (language en)
            > where
            answer: You are on Settings.
            """#)
    }
}
