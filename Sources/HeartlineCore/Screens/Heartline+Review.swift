import Foundation

extension Heartline {
    /// The workouts a list screen shows, all of them counted, one page fetched.
    private func listPage() -> (total: Int, items: [WorkoutSummary]) {
        let offset = screen.page * Self.pageSize
        switch screen {
        case .allWorkouts, .metricList:
            let total = (try? store.savedWorkoutCount()) ?? 0
            let items = (try? store.savedWorkouts(offset: offset, limit: Self.pageSize)) ?? []
            return (total, items)
        case .dateList(let day, _):
            let all = (try? store.savedWorkouts(startingIn: day)) ?? []
            return (all.count, Array(all.dropFirst(offset).prefix(Self.pageSize)))
        default:
            return (0, [])
        }
    }

    /// How many workouts the current list holds, without fetching a page of them.
    func listCount() -> Int {
        switch screen {
        case .allWorkouts, .metricList: (try? store.savedWorkoutCount()) ?? 0
        case .dateList(let day, _): ((try? store.savedWorkouts(startingIn: day)) ?? []).count
        default: 0
        }
    }

    /// The workout numbered `number` (from 1) in the current list.
    private func listItem(_ number: Int) -> WorkoutSummary? {
        switch screen {
        case .allWorkouts, .metricList:
            return (try? store.savedWorkouts(offset: number - 1, limit: 1))?.first
        case .dateList(let day, _):
            let all = (try? store.savedWorkouts(startingIn: day)) ?? []
            return all.indices.contains(number - 1) ? all[number - 1] : nil
        default:
            return nil
        }
    }

    mutating func presentList() {
        say(.menu, .menuTitle, ["title": title(of: screen)])
        let (total, items) = listPage()
        guard total > 0 else {
            say(.menu, .listEmpty)
            return
        }
        let first = screen.page * Self.pageSize + 1
        say(.menu, .listPage, ["first": words.number(first), "last": words.number(first + items.count - 1), "total": words.number(total)])
        for (offset, workout) in items.enumerated() {
            let number = words.number(first + offset)
            if case .metricList(let metric, _) = screen {
                say(.menu, .listMetric, [
                    "number": number, "date": words.day(workout.start, now: now),
                    "value": words.historyValue(metric.value(of: workout), of: metric),
                ])
            } else {
                say(.menu, .listWorkout, [
                    "number": number, "when": words.when(workout.start, now: now), "duration": words.duration(workout.duration),
                ])
            }
        }
        if first + items.count - 1 < total { say(.menu, .listMore) }
    }

    mutating func turnPage(by step: Int) {
        let total = listCount()
        let page = screen.page + step
        guard page >= 0 else {
            say(.answer, .listStart)
            return
        }
        guard page * Self.pageSize < total else {
            say(.answer, .listEnd)
            return
        }
        replace(with: screen.withPage(page))
    }

    mutating func chooseListItem(_ number: Int) {
        let total = listCount()
        guard total > 0, (1...total).contains(number), let workout = listItem(number) else {
            say(.answer, .itemNone, ["number": words.number(number), "count": words.number(total)])
            return
        }
        push(.details(id: workout.id))
    }

    mutating func enterDate(_ text: String) {
        let day: DateInterval
        switch DateWords.parse(text, now: now, calendar: words.calendar) {
        case .success(let named): day = named
        case .failure(.yearOutOfRange):
            say(.answer, .dateYearRange)
            return
        case .failure(.notLeapYear(let year)):
            say(.answer, .dateNotLeap, ["year": String(year)])
            return
        case .failure(.notUnderstood):
            say(.answer, .dateNotUnderstood, ["input": String(text.prefix(40))])
            return
        }
        let workouts = storing(reading: true) { store in try store.savedWorkouts(startingIn: day) } ?? []
        if workouts.isEmpty {
            say(.answer, .dateNone, ["date": words.day(day.start, now: now)])
        } else {
            push(.dateList(day: day, page: 0))
        }
    }

    /// Last week, month, year and all time, one sentence each, each but all time followed by how
    /// it compares with the period before it (see `sayChange`).
    mutating func speakAverages(of metric: HistoryMetric) {
        for period in averagePeriods() {
            guard let result = storing(reading: true, { store in try store.average(of: metric, startingIn: period.interval) }) ?? nil else {
                say(.menu, .averagesNone, ["period": words(period.name)])
                continue
            }
            say(.menu, .averagesItem, [
                "period": words(period.name), "value": words.historyValue(result.value, of: metric),
                "workouts": words.workouts(result.count),
            ])
            sayChange(of: metric, from: result.value, over: period)
        }
    }

    mutating func deleteSavedWorkout(_ id: Int64) {
        storing { store in try store.deleteWorkout(id) }
        say(.answer, .summaryDeleted)
        // Leave the confirmation and the deleted workout's details; show the list again.
        stack.removeLast(2)
        if screen.isList {
            let total = listCount()
            let lastPage = max(0, (total - 1) / Self.pageSize)
            stack[stack.count - 1] = screen.withPage(min(screen.page, lastPage))
        }
        presentScreen()
    }

    mutating func keepSavedWorkout() {
        stack.removeLast()
        say(.answer, .summaryKept)
    }
}
